// The chapter's macro listing of the predator (section 3.4.2), two states as printed, compiled by
// the ctests ai.book_macros_*: with the book's printed #defines (-DPRINTED_MACROS) it must fail to
// compile (a brace left open), with engine/ai/state_machine_macros.h (Rabin's forms) it must
// compile. Not part of any program.
#include <cassert>

enum { MSG_RESERVED_Enter, MSG_RESERVED_Exit, MSG_RESERVED_Update, MSG_morto };
enum { STATE_espera, STATE_persegue, STATE_ataque, STATE_morre };
struct MsgObject {
  int name;
};
struct GameObject {};
void SetStateInGameObject(GameObject*, int) {}
void destruir(GameObject*) {}
bool vida_acaba(GameObject*) {
  return false;
}
bool detecta_inimigo(GameObject*) {
  return false;
}
double distancia_inimigo(GameObject*) {
  return 0;
}
const double dist_min = 1, dist_ataque = 10;

#ifdef PRINTED_MACROS
// clang-format off
#define BeginStateMachine if(state < 0){
#define State(a) if(0) {return(true);}} else if(a == state){ if(0){
#define OnEnter return(true);} else if(MSG_RESERVED_Enter == msg->name){
#define OnExit return(true);} else if(MSG_RESERVED_Exit == msg->name){
#define OnUpdate return(true);} else if(MSG_RESERVED_Update == msg->name){
#define OnMsg(a) return(true);} else if(a == msg->name){
#define SetState(a) SetStateInGameObject(gameObj, (int)a);
#define EndStateMachine return(true);}} else {assert(!"Invalid State");\
return(false);} return(false);
// clang-format on
#else
#include "engine/ai/state_machine_macros.h"
#endif

// clang-format off
bool ProcessStateMachine(GameObject* gameObj, int state, MsgObject* msg)
{
BeginStateMachine
OnEnter
SetState(STATE_espera)
OnMsg(MSG_morto)
destruir(gameObj);
State(STATE_espera)
OnEnter
// Inicialização
OnUpdate
if (vida_acaba(gameObj))
SetState(STATE_morre)
if (detecta_inimigo(gameObj))
SetState(STATE_persegue)
OnExit
// Finalização
State(STATE_persegue)
OnUpdate
if (distancia_inimigo(gameObj) < dist_min)
SetState(STATE_ataque)
if (distancia_inimigo(gameObj) > dist_ataque)
SetState(STATE_espera)
EndStateMachine
}
// clang-format on
