// x11_input: drives a running partlab window with X11 events, for the input smoke test (no XTest
// needed: keys and buttons are sent with XSendEvent, the pointer is warped). Commands, applied in
// order:
//   drag X0 Y0 X1 Y1   left-button drag in window pixels (orbits the camera)
//   key NAME           press and release a key (X keysym name: F, w, p, ...)
//   ctrl-key NAME      the same with Control held
//   double-click X Y   left double-click at window pixel (X, Y) (picks a triangle)
//   click X Y          one left click at window pixel (X, Y) (a button, a list entry)
//   resize W H         resize the window (no window manager needed)
//   hold MS            later keys stay down MS ms (default 150): a slow frame (a big window
//                      under llvmpipe on a busy machine) must see a key down before it goes up
//   sleep MS
// Finds the window by its title, which starts "Partition Lab", waiting up to 10 s for it to appear.
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace {

Window FindByTitle(Display* display, Window window, const char* title) {
  char* name = nullptr;
  if (XFetchName(display, window, &name) && name) {
    // A prefix: the Simulation view adds its scene to the title ("Partition Lab - scene 1 ...").
    const bool match = std::strncmp(name, title, std::strlen(title)) == 0;
    XFree(name);
    if (match) return window;
  }
  Window root, parent, *children = nullptr;
  unsigned count = 0;
  Window found = 0;
  if (XQueryTree(display, window, &root, &parent, &children, &count)) {
    for (unsigned i = 0; i < count && !found; ++i) found = FindByTitle(display, children[i], title);
    if (children) XFree(children);
  }
  return found;
}

void Pause(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

int g_key_hold_ms = 150;  // how long a key stays down (`hold MS`)

void SendKeyEvent(Display* display, Window window, int type, const char* name, unsigned state) {
  XKeyEvent event{};
  event.type = type;
  event.display = display;
  event.window = window;
  event.root = DefaultRootWindow(display);
  event.same_screen = True;
  event.state = state;
  event.keycode = XKeysymToKeycode(display, XStringToKeysym(name));
  XSendEvent(display, window, True, KeyPressMask | KeyReleaseMask,
             reinterpret_cast<XEvent*>(&event));
  XFlush(display);
  Pause(g_key_hold_ms);  // let a frame see the key down
}

void SendKey(Display* display, Window window, const char* name, unsigned state) {
  XKeyEvent event{};
  event.display = display;
  event.window = window;
  event.root = DefaultRootWindow(display);
  event.same_screen = True;
  event.state = state;
  event.keycode = XKeysymToKeycode(display, XStringToKeysym(name));
  for (int type : {KeyPress, KeyRelease}) {
    event.type = type;
    XSendEvent(display, window, True, KeyPressMask | KeyReleaseMask,
               reinterpret_cast<XEvent*>(&event));
    XFlush(display);
    Pause(g_key_hold_ms);  // let a frame see the key down
  }
}

void SendButton(Display* display, Window window, int type, int x, int y, unsigned state) {
  XButtonEvent event{};
  event.type = type;
  event.display = display;
  event.window = window;
  event.root = DefaultRootWindow(display);
  event.same_screen = True;
  event.button = Button1;
  event.x = x;
  event.y = y;
  event.state = state;
  XSendEvent(display, window, True, ButtonPressMask | ButtonReleaseMask,
             reinterpret_cast<XEvent*>(&event));
  XFlush(display);
}

// The real pointer moves (ImGui's GLFW backend polls the pointer position rather than reading
// motion events), which also makes the X server send the motion events GLFW expects.
void MovePointer(Display* display, Window window, int x, int y) {
  XWarpPointer(display, None, window, 0, 0, 0, 0, x, y);
  XSync(display, False);
}

void Drag(Display* display, Window window, int x0, int y0, int x1, int y1) {
  MovePointer(display, window, x0, y0);
  Pause(150);
  SendButton(display, window, ButtonPress, x0, y0, 0);
  Pause(150);
  constexpr int kSteps = 6;
  for (int k = 1; k <= kSteps; ++k) {
    MovePointer(display, window, x0 + (x1 - x0) * k / kSteps, y0 + (y1 - y0) * k / kSteps);
    Pause(100);
  }
  SendButton(display, window, ButtonRelease, x1, y1, Button1Mask);
  Pause(150);
}

}  // namespace

int main(int argc, char** argv) {
  Display* display = XOpenDisplay(nullptr);
  if (!display) {
    std::fprintf(stderr, "x11_input: cannot open the display\n");
    return 2;
  }
  Window window = 0;
  for (int tries = 0; tries < 100 && !window; ++tries) {
    window = FindByTitle(display, DefaultRootWindow(display), "Partition Lab");
    if (!window) Pause(100);
  }
  if (!window) {
    std::fprintf(stderr, "x11_input: no window titled 'Partition Lab'\n");
    return 1;
  }
  // Focus needs a mapped window; the title appears before the window is mapped.
  for (int tries = 0; tries < 100; ++tries) {
    XWindowAttributes attributes;
    if (XGetWindowAttributes(display, window, &attributes) && attributes.map_state == IsViewable)
      break;
    Pause(100);
  }
  // The last key (Ctrl+Q) closes the window before its release arrives: ignore such errors.
  XSetErrorHandler([](Display*, XErrorEvent*) { return 0; });
  // No window manager under xvfb: give the window the keyboard focus ourselves (the backend only
  // reads the pointer of a focused window).
  XRaiseWindow(display, window);
  XSetInputFocus(display, window, RevertToParent, CurrentTime);
  XSync(display, False);
  Pause(300);
  for (int i = 1; i < argc; ++i) {
    const std::string command = argv[i];
    if (command == "drag" && i + 4 < argc) {
      Drag(display, window, std::atoi(argv[i + 1]), std::atoi(argv[i + 2]), std::atoi(argv[i + 3]),
           std::atoi(argv[i + 4]));
      i += 4;
    } else if (command == "key" && i + 1 < argc) {
      SendKey(display, window, argv[++i], 0);
    } else if (command == "ctrl-key" && i + 1 < argc) {
      // ImGui tracks Control as a key of its own, so hold it down around the key.
      SendKeyEvent(display, window, KeyPress, "Control_L", 0);
      SendKey(display, window, argv[++i], ControlMask);
      SendKeyEvent(display, window, KeyRelease, "Control_L", ControlMask);
    } else if (command == "double-click" && i + 2 < argc) {
      const int x = std::atoi(argv[i + 1]), y = std::atoi(argv[i + 2]);
      MovePointer(display, window, x, y);
      Pause(200);
      for (int click = 0; click < 2; ++click) {  // well inside ImGui's 0.3 s double-click time
        SendButton(display, window, ButtonPress, x, y, 0);
        Pause(40);
        SendButton(display, window, ButtonRelease, x, y, Button1Mask);
        Pause(40);
      }
      Pause(300);
      i += 2;
    } else if (command == "click" && i + 2 < argc) {
      const int x = std::atoi(argv[i + 1]), y = std::atoi(argv[i + 2]);
      MovePointer(display, window, x, y);
      Pause(300);  // a frame sees the pointer over the widget before the button goes down
      SendButton(display, window, ButtonPress, x, y, 0);
      Pause(150);
      SendButton(display, window, ButtonRelease, x, y, Button1Mask);
      Pause(300);
      i += 2;
    } else if (command == "resize" && i + 2 < argc) {
      XResizeWindow(display, window, unsigned(std::atoi(argv[i + 1])),
                    unsigned(std::atoi(argv[i + 2])));
      XSync(display, False);
      Pause(400);
      i += 2;
    } else if (command == "hold" && i + 1 < argc) {
      g_key_hold_ms = std::atoi(argv[++i]);
    } else if (command == "sleep" && i + 1 < argc) {
      Pause(std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "x11_input: bad command '%s'\n", command.c_str());
      return 2;
    }
  }
  XCloseDisplay(display);
  return 0;
}
