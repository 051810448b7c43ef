/* Bivouac: the work budget of lbivouac.h. */
#define lbivouac_c
#define LUA_CORE

#include "lprefix.h"

#include "lua.h"
#include "lauxlib.h"
#include "lstate.h"
#include "lbivouac.h"

_Thread_local long long lbivouac_used = 0;
_Thread_local long long lbivouac_limit = 0;
/* The thread the budget is armed for (its count hook is brought forward). */
static _Thread_local lua_State *lbivouac_L = NULL;

LUA_API void lbivouac_exceeded (lua_State *L) {
  luaL_error(L, LBIVOUAC_MESSAGE);
}

LUA_API void lbivouac_charge_quiet (long long n) {
  lua_State *L = lbivouac_L;
  if ((lbivouac_used += n) >= lbivouac_limit && lbivouac_limit > 0
      && L != NULL && L->hook != NULL && (L->hookmask & LUA_MASKCOUNT))
    L->hookcount = 1;  /* the count hook runs at the next instruction */
}

LUA_API void lbivouac_set (lua_State *L, long long used, long long limit) {
  lbivouac_L = L;
  lbivouac_used = used;
  lbivouac_limit = limit;
}

LUA_API lua_State *lbivouac_get_state (void) {
  return lbivouac_L;
}

LUA_API long long lbivouac_get_used (void) {
  return lbivouac_used;
}

LUA_API long long lbivouac_add (long long n) {
  return lbivouac_used += n;
}

LUA_API long long lbivouac_get_limit (void) {
  return lbivouac_limit;
}
