// The view's status bar, drawn by the app for every view from what the View base owns: its
// notices (errors red, notes yellow, each dismissable) and, for views that step a simulation,
// Play / Pause / Step. Nothing is drawn when there is nothing to say.
#pragma once

namespace partlab {

class View;

void DrawViewStatusBar(View& view);

// How far up from the bottom of the display the bar reaches with its Play / Step row alone (a
// notice adds lines above it): what a figure drawn at the bottom left leaves free for it.
float StatusBarReservedHeight();

// The width the Play / Step window takes at the bottom-left corner (a font size's margin, the
// window's padding, two buttons): a view's own status line starts right of it.
float StepControlsWidth();

}  // namespace partlab
