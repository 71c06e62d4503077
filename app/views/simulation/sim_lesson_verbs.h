// The Simulation view's lesson verbs (docs/lessons.md): the actions a lesson step runs on the
// view (apply the next BSP operation, run until an operation happens, highlight a node, switch
// the broad phase) and the claims it checks (an operation is in the op log with its reason and
// outcome, a stale event was dropped, the tree's invariants hold, the pairs are brute force's,
// the 13 cut directions, the depth, a cut's balance and redundancy). Every claim is computed from
// the view's state against an answer worked out independently of the structure
// (sim_lesson_answers.h: all pairs of boxes, the sign combinations of 3.5, the boxes'
// projections of 3.2), never a printed number.
//
// GL-free: the view lends the verbs what they need through SimLessonSubject, and
// tests/app/sim_lesson_verbs_test.cpp drives them on the scripted figures (bsp_figures.h).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "app/view/lesson_verbs.h"
#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/lessons/lesson.h"

namespace partlab {

// What the Simulation view exposes to its lesson verbs.
class SimLessonSubject {
 public:
  virtual ~SimLessonSubject() = default;
  // The semi-adjusting BSP shown (null when the broad phase is another structure).
  virtual SemiAdjustingBsp* ShownBsp() = 0;
  // The frame the shown broad phase saw last (index = id, empty = absent) and its pairs.
  virtual std::span<const Aabb> ShownBoxes() const = 0;
  virtual std::span<const BoxPair> ShownPairs() const = 0;
  // One step of the view: a physics step, or the scripted figure's next frame.
  virtual void StepOnce() = 0;
  // Operation stepping (5.2 by hand): on or off (turning it on while on changes nothing, the
  // operation shown stays shown), and one stage (show the next operation, then apply it);
  // returns the stage's message.
  virtual void SetOperationStepping(bool on) = 0;
  virtual std::string AdvanceOperation() = 0;
  virtual void HighlightNode(NodeId node) = 0;
  // "" or why the broad phase could not be switched.
  virtual std::string SwitchBroadPhase(const std::string& name) = 0;
  // Figure 3.5: the tree's 13 cut directions drawn from the scene's centre (sim_cut_directions.h).
  virtual void ShowCutDirections(bool on) { (void)on; }
  // Figures 3.1 and 3.2: the boxes' intervals on the root's normal, and their relevant vertices
  // (sim_projections.h).
  virtual void ShowProjections(bool on) { (void)on; }
  // Figure 2.4: the boxes' intervals on the x and y axes.
  virtual void ShowAxisProjections(bool on) { (void)on; }
  // Figure 5.2: one leaf's sorted list (kNoNode: none).
  virtual void ShowLeafList(NodeId leaf) { (void)leaf; }
  // Figure 4.4: the lists a merge combines bottom-up, as traced now (empty: none).
  virtual void ShowMergeLists(std::vector<MergeStage> stages) { (void)stages; }
  // Figure 5.4: the verification's flowchart, lit by the last verification.
  virtual void ShowVerifyFlow(bool on) { (void)on; }
};

// Every verb with its usage, words and handler, actions first (app/view/lesson_verbs.h), and the
// rows' specs (the Simulation view's ViewEntry::lesson_verbs).
std::span<const LessonVerbRow<SimLessonSubject>> SimLessonVerbTable();
std::vector<LessonVerbSpec> SimLessonVerbSpecs();
// "" on success, else one line saying what went wrong.
std::string RunSimLessonAction(SimLessonSubject& subject, const LessonCommand& action);
// True for the verbs about the BSP's operations (op-stepping, next-op, run-until-op,
// highlight-node, op-logged, op-not-logged, stale-dropped, ops-in-priority-order): a step that
// uses one is about the op log, which presenter mode then shows beside the scene.
bool IsOperationVerb(const std::string& verb);
// "" when the claim holds, else one line with what was expected and what was measured.
std::string CheckSimLessonClaim(SimLessonSubject& subject, const LessonCommand& check);

}  // namespace partlab
