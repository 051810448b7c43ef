/*
** Bivouac: one work budget for a sandboxed call, shared by the host's
** instruction-count hook and the C library. The library charges the work
** that one VM instruction can start (pattern matching, table moves and
** shifts, long strings, table growth, emergency collections), so no call
** into the library runs unbounded. See BIVOUAC.md beside this folder.
*/
#ifndef lbivouac_h
#define lbivouac_h

#include "lua.h"

/* Units of work since the host armed the budget, and its limit (0: none). */
extern _Thread_local long long lbivouac_used;
extern _Thread_local long long lbivouac_limit;

/* Raises the budget error (a library function past the limit). */
LUA_API void lbivouac_exceeded (lua_State *L);

/* Charge 'n' units in a library function: past the limit, an error. */
#define lbivouac_charge(L,n) \
  { if ((lbivouac_used += (long long)(n)) >= lbivouac_limit \
        && lbivouac_limit > 0) lbivouac_exceeded(L); }

/* Charge 'n' units where no error may be raised (inside the allocator's
** callers): past the limit, the count hook of the armed thread runs at its
** next instruction. */
LUA_API void lbivouac_charge_quiet (long long n);

/* The host's side: arm (or disarm, limit 0) and read the budget. */
LUA_API void lbivouac_set (lua_State *L, long long used, long long limit);
LUA_API lua_State *lbivouac_get_state (void);
LUA_API long long lbivouac_get_used (void);
LUA_API long long lbivouac_add (long long n);  /* returns the units used */
LUA_API long long lbivouac_get_limit (void);

/* The message of the library's budget error. */
#define LBIVOUAC_MESSAGE "work budget exceeded in a library function"

#endif
