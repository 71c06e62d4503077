#include "app/video/video_recorder.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <sstream>

namespace partlab {

namespace {

// The path inside single quotes for /bin/sh, with any quote in it closed, escaped and reopened.
std::string ShellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// yuv420p (what players expect of H.264) needs even sides: an odd --size loses its last column or
// row rather than failing.
std::string FfmpegCommand(const std::string& path, int width, int height) {
  std::ostringstream command;
  command << "ffmpeg -y -loglevel error -f rawvideo -pix_fmt rgb24 -s " << width << "x" << height
          << " -r " << VideoRecorder::kFramesPerSecond
          << " -i - -vf 'crop=trunc(iw/2)*2:trunc(ih/2)*2' -c:v libx264 -preset veryfast"
          << " -pix_fmt yuv420p -movflags +faststart " << ShellQuoted(path);
  return command.str();
}

}  // namespace

bool ProgramOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream folders(path ? path : "");
  std::string folder;
  while (std::getline(folders, folder, ':'))
    if (!folder.empty() && access((folder + "/" + program).c_str(), X_OK) == 0) return true;
  return false;
}

VideoRecorder::~VideoRecorder() {
  if (pipe_) pclose(pipe_);
}

std::string VideoRecorder::Start(const std::string& path, int width, int height) {
  if (!ProgramOnPath("ffmpeg"))
    return "--video needs ffmpeg on PATH (Debian: apt-get install ffmpeg); nothing was recorded";
  // ffmpeg exiting early must give a write error here, not kill partlab with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  pipe_ = popen(FfmpegCommand(path, width, height).c_str(), "w");
  if (!pipe_) return path + ": cannot start ffmpeg";
  path_ = path;
  width_ = width;
  height_ = height;
  frames_ = 0;
  return "";
}

std::string VideoRecorder::AddFrame(const std::vector<unsigned char>& rgb) {
  if (!pipe_) return path_ + ": not recording";
  if (rgb.size() != size_t(width_) * size_t(height_) * 3)
    return path_ + ": a frame of another size than the video's";
  if (std::fwrite(rgb.data(), 1, rgb.size(), pipe_) != rgb.size())
    return path_ + ": ffmpeg stopped taking frames";
  ++frames_;
  return "";
}

std::string VideoRecorder::Finish() {
  if (!pipe_) return "";
  const int status = pclose(pipe_);
  pipe_ = nullptr;
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return path_ + ": ffmpeg failed (exit status " +
           std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  return "";
}

}  // namespace partlab
