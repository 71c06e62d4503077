// Records frames into an .mp4 through Debian's ffmpeg: raw RGB frames are piped to an ffmpeg
// process (popen), which encodes them with libx264. ffmpeg is optional at run time: without it on
// PATH, Start says so in one line and nothing else changes. GL-free: the caller reads the frames.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace partlab {

class VideoRecorder {
 public:
  static constexpr int kFramesPerSecond = 30;

  VideoRecorder() = default;
  VideoRecorder(const VideoRecorder&) = delete;
  VideoRecorder& operator=(const VideoRecorder&) = delete;
  ~VideoRecorder();  // closes the pipe if Finish was not called (the file may be incomplete)

  // Starts ffmpeg writing `path` from frames of width x height. "" or one line.
  std::string Start(const std::string& path, int width, int height);
  // One frame: width * height RGB pixels, top row first. "" or one line (ffmpeg stopped).
  std::string AddFrame(const std::vector<unsigned char>& rgb);
  // Closes the pipe and waits for ffmpeg. "" or one line naming its exit status.
  std::string Finish();

  bool recording() const { return pipe_ != nullptr; }
  int frames() const { return frames_; }
  const std::string& path() const { return path_; }

 private:
  std::FILE* pipe_ = nullptr;
  std::string path_;
  int width_ = 0, height_ = 0, frames_ = 0;
};

// True when an executable named `program` is in one of $PATH's folders.
bool ProgramOnPath(const std::string& program);

}  // namespace partlab
