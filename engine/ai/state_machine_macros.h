// The "linguagem assistida por macros" of section 3.4.2: Rabin's (2000) state machine language,
// in the book's spelling. A machine is written between BeginStateMachine and EndStateMachine
// inside a function
//   bool ProcessStateMachine(GameObject* gameObj, int state, MsgObject* msg)
// whose scope provides `gameObj`, `state`, `msg` (with a `name` member), the enumerators
// MSG_RESERVED_Enter, MSG_RESERVED_Exit, MSG_RESERVED_Update and the function
// SetStateInGameObject(gameObj, int). The handlers of the machine itself (before the first State)
// run when the function is called with state < 0 ("STATE_Global"); the caller tries the current
// state first and the global handlers when the state did not handle the message. The function
// returns true when some handler took the message ("os returns ajudam a registrar se a mensagem
// foi entregue ou não").
//
// THE BOOK PRINTS TWO OF THE DEFINITIONS WRONGLY:
//   #define BeginStateMachine if(state < 0){
//   #define State(a) if(0) {return(true);}} else if(a == state){ if(0){
// As printed, BeginStateMachine opens no dummy `if(0){` for the first handler, and State closes
// one brace where it must close two (the last handler's and the previous state's). A machine with
// two or more states, as the book's own predator, then leaves a brace open and does not compile.
// The definitions of the code Rabin distributed with his articles, used below, open `if(0){` in
// BeginStateMachine and close two braces in State; the other five are as printed. The ctests
// ai.book_macros_* compile the book's listing (tests/ai/data/book_macro_listing.cpp) with both
// sets: the printed one fails, ours compiles.
#pragma once

#include <cassert>

// clang-format off
#define BeginStateMachine if (state < 0) { if (0) {
#define State(a) return (true); } } else if (a == state) { if (0) {
#define OnEnter return (true); } else if (MSG_RESERVED_Enter == msg->name) {
#define OnExit return (true); } else if (MSG_RESERVED_Exit == msg->name) {
#define OnUpdate return (true); } else if (MSG_RESERVED_Update == msg->name) {
#define OnMsg(a) return (true); } else if (a == msg->name) {
#define SetState(a) SetStateInGameObject(gameObj, (int)a);
#define EndStateMachine return (true); } } else { assert(!"Invalid State"); \
  return (false); } return (false);
// clang-format on
