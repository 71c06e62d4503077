// Dear ImGui's look: a dark theme (slightly translucent on a GPU, opaque under software rendering),
// rounded corners, DejaVu Sans when the system has it, everything scaled by the monitor's content
// scale (HiDPI).
#pragma once

struct ImFont;

namespace partlab {

// `software_renderer`: the GL context is a software rasteriser (IsSoftwareRenderer of its
// GL_RENDERER, which app/render reads), under which the panels are opaque (cheaper to draw there)
// and costly panels start collapsed.
void ApplyUiStyle(float content_scale, bool software_renderer);

// The lesson presenter's font (docs/lessons.md): the same face loaded at kPresenterFontPixels, so
// captions read on a projector stay sharp instead of being a small font magnified. Null when only
// ImGui's built-in font is available (presenter text is then the default font, scaled).
constexpr float kPresenterFontPixels = 48.0f;
ImFont* PresenterFont();

// Whether ApplyUiStyle found a software rasteriser (llvmpipe, softpipe, swrast).
bool UiIsSoftwareRendered();

// Sets the next window's background alpha as the style sets the panels': `gpu_alpha` on a GPU,
// opaque under a software rasteriser (where ScreenDepthMask then spares the scene under it).
void SetNextWindowBgAlphaForRenderer(float gpu_alpha);

}  // namespace partlab
