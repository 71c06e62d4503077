// partlab/record.h, compiled as strict C99 in recording_writer.c, checked against the formats
// (../shared/formats.md) by bytes the test lays out itself, by the engine's own readers, and by
// replaying the recording through every broad phase against brute force.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/brute_force.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/io/aabb_trace.h"
#include "engine/io/hits.h"
#include "engine/io/rayset.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/recorded_pairs.h"
#include "tests/plugins/bench_output.h"
#include "tests/temp_path.h"

extern "C" {
#include "tests/plugins/recording_motion.h"
int partlab_test_write_recording(const char* trace, const char* pairs, const char* rays,
                                 const char* hits, char* error, unsigned error_size);
int partlab_test_record_misuse(const char* trace, int what, char* error, unsigned error_size);
}

namespace partlab {
namespace {

std::vector<unsigned char> FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Little-endian bytes, laid out by hand as formats.md's tables say.
struct Bytes {
  std::vector<unsigned char> b;
  void Magic(const char* m) { b.insert(b.end(), m, m + 8); }
  void U32(uint32_t v) {
    for (int k = 0; k < 4; ++k) b.push_back(static_cast<unsigned char>(v >> (8 * k)));
  }
  void F32(float f) { U32(std::bit_cast<uint32_t>(f)); }
};

struct Recording {
  std::string trace = TempPath("rec.aabbtrc"), pairs = TempPath("rec.pairs"),
              rays = TempPath("rec.rays"), hits = TempPath("rec.hits");
  Recording() {
    char error[400] = "";
    EXPECT_EQ(partlab_test_write_recording(trace.c_str(), pairs.c_str(), rays.c_str(), hits.c_str(),
                                           error, sizeof error),
              0)
        << error;
  }
  ~Recording() {
    for (const std::string& p : {trace, pairs, rays, hits}) std::remove(p.c_str());
  }
};

// The boxes the formula gives, absent ones as formats.md writes them.
Aabb ExpectedBox(uint32_t i, uint32_t f) {
  if (!recording_present(i, f)) return {{0, 0, 0}, {-1, -1, -1}};
  float mn[3], mx[3];
  recording_box(i, f, mn, mx);
  return {{mn[0], mn[1], mn[2]}, {mx[0], mx[1], mx[2]}};
}

TEST(Recorder, TraceIsAabbtrc1ByteForByte) {
  Recording rec;
  Bytes want;
  want.Magic("AABBTRC1");
  want.U32(RECORDING_BOXES);
  want.U32(RECORDING_FRAMES);
  for (uint32_t f = 0; f < RECORDING_FRAMES; ++f)
    for (uint32_t i = 0; i < RECORDING_BOXES; ++i) {
      const Aabb b = ExpectedBox(i, f);
      for (float v : {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z}) want.F32(v);
    }
  EXPECT_EQ(FileBytes(rec.trace), want.b);
}

TEST(Recorder, EngineReaderSeesTheMotionWithIdsComingAndGoing) {
  Recording rec;
  auto trace = ReadAabbTrace(rec.trace);
  ASSERT_TRUE(trace) << trace.error();
  ASSERT_EQ(trace.value().box_count, RECORDING_BOXES);
  ASSERT_EQ(trace.value().FrameCount(), RECORDING_FRAMES);
  size_t absent = 0;
  for (uint32_t f = 0; f < RECORDING_FRAMES; ++f)
    for (uint32_t i = 0; i < RECORDING_BOXES; ++i) {
      const Aabb got = trace.value().Frame(f)[i], want = ExpectedBox(i, f);
      EXPECT_EQ(got.min, want.min) << "frame " << f << " box " << i;
      EXPECT_EQ(got.max, want.max) << "frame " << f << " box " << i;
      absent += got.IsEmpty();
    }
  EXPECT_GT(absent, 0u);  // the recording exercises absent boxes
}

// The sidecar's layout (record.h): "PAIRS001", N, F, then per frame a count and (a, b) pairs.
std::vector<std::vector<BoxPair>> ReadPairsSidecar(const std::string& path, uint32_t& n) {
  const auto bytes = FileBytes(path);
  size_t at = 0;
  const auto u32 = [&] {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= uint32_t(bytes.at(at++)) << (8 * k);
    return v;
  };
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), "PAIRS001");
  at = 8;
  n = u32();
  std::vector<std::vector<BoxPair>> frames(u32());
  for (auto& frame : frames) {
    const uint32_t count = u32();
    for (uint32_t p = 0; p < count; ++p) {
      const uint32_t a = u32(), b = u32();
      frame.push_back(MakePair(a, b));
    }
    std::sort(frame.begin(), frame.end());
  }
  EXPECT_EQ(at, bytes.size()) << "trailing bytes";
  return frames;
}

TEST(Recorder, GamePairsSidecarHoldsTheGamesAnswerPerFrame) {
  Recording rec;
  uint32_t n = 0;
  const auto game = ReadPairsSidecar(rec.pairs, n);
  EXPECT_EQ(n, RECORDING_BOXES);
  ASSERT_EQ(game.size(), RECORDING_FRAMES);
  auto trace = ReadAabbTrace(rec.trace);
  ASSERT_TRUE(trace);
  BruteForce brute;
  FrameDriver driver(brute);
  std::vector<BoxPair> truth;
  size_t total = 0;
  for (uint32_t f = 0; f < RECORDING_FRAMES; ++f) {
    driver.Step(trace.value().Frame(f), truth);
    std::sort(truth.begin(), truth.end());
    EXPECT_EQ(game[f], truth) << "frame " << f;
    total += truth.size();
  }
  EXPECT_GT(total, 0u);
}

TEST(Recorder, ReplaysThroughEveryBroadPhaseAsBruteForce) {
  LoadBroadPhasePlugin(PARTLAB_GRID_PLUGIN);  // the example plugin too ("" or already loaded)
  const auto names = BroadPhaseNames();
  ASSERT_NE(std::find(names.begin(), names.end(), "grid"), names.end());
  Recording rec;
  auto trace = ReadAabbTrace(rec.trace);
  ASSERT_TRUE(trace);
  for (std::string_view name : BroadPhaseNames()) {
    auto bp = MakeBroadPhase(name);
    ASSERT_TRUE(bp) << name;
    BruteForce brute;
    FrameDriver driver(*bp), reference(brute);
    std::vector<BoxPair> got, want;
    for (uint32_t f = 0; f < RECORDING_FRAMES; ++f) {
      driver.Step(trace.value().Frame(f), got);
      reference.Step(trace.value().Frame(f), want);
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      EXPECT_EQ(got, want) << name << " frame " << f;
    }
  }
}

TEST(Recorder, RaysAndHitsAreRayset01AndHits0001) {
  Recording rec;
  Bytes rays, hits;
  rays.Magic("RAYSET01");
  rays.U32(RECORDING_RAYS);
  hits.Magic("HITS0001");
  hits.U32(RECORDING_RAYS);
  for (uint32_t i = 0; i < RECORDING_RAYS; ++i) {
    float o[3], d[3];
    recording_ray(i, o, d);
    for (float v : {o[0], o[1], o[2], d[0], d[1], d[2]}) rays.F32(v);
    hits.F32(recording_hit(i));
  }
  EXPECT_EQ(FileBytes(rec.rays), rays.b);
  EXPECT_EQ(FileBytes(rec.hits), hits.b);
  auto read_rays = ReadRaySet(rec.rays);
  auto read_hits = ReadHits(rec.hits);
  ASSERT_TRUE(read_rays) << read_rays.error();
  ASSERT_TRUE(read_hits) << read_hits.error();
  ASSERT_EQ(read_hits.value().size(), RECORDING_RAYS);
  EXPECT_EQ(read_hits.value()[1], std::numeric_limits<float>::infinity());  // a miss
  EXPECT_EQ(read_rays.value()[3].origin.x, 3.0f);
}

TEST(Recorder, MisuseIsOneLineNamingTheFile) {
  const std::string path = TempPath("misuse.aabbtrc");
  const char* expected[] = {"box id 4 >= max_boxes 4", "coordinate is NaN or infinite",
                            "begin frame 0 twice"};
  for (int what = 0; what < 3; ++what) {
    char error[400] = "";
    EXPECT_EQ(partlab_test_record_misuse(path.c_str(), what, error, sizeof error), -1);
    const std::string line = error;
    EXPECT_EQ(line.rfind(path + ": ", 0), 0u) << line;
    EXPECT_NE(line.find(expected[what]), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos);
  }
  std::remove(path.c_str());
}

// The bench checks the game's recorded pairs like an algorithm's: the recording's (a correct
// brute-force game) pass; the same pairs with one dropped at frame 5 fail naming that frame and
// that pair.
TEST(Recorder, BenchChecksTheGamesRecordedPairs) {
  Recording rec;
  int status = 0;
  std::string text = RunBroadPhaseBench(
      "--trace " + rec.trace + " --algo brute --game-pairs " + rec.pairs, status);
  EXPECT_EQ(status, 0) << text;
  EXPECT_NE(text.find("same as the reference on every frame"), std::string::npos) << text;

  auto trace = ReadAabbTrace(rec.trace);
  ASSERT_TRUE(trace);
  BruteForce brute;
  FrameDriver driver(brute);
  Bytes game;
  game.Magic("PAIRS001");
  game.U32(RECORDING_BOXES);
  game.U32(RECORDING_FRAMES);
  std::vector<BoxPair> pairs;
  BoxPair dropped{};
  for (uint32_t f = 0; f < RECORDING_FRAMES; ++f) {
    driver.Step(trace.value().Frame(f), pairs);
    std::sort(pairs.begin(), pairs.end());
    if (f == 5) {
      ASSERT_FALSE(pairs.empty());
      dropped = pairs.front();
      pairs.erase(pairs.begin());
    }
    game.U32(uint32_t(pairs.size()));
    for (BoxPair p : pairs) {
      game.U32(p.a);
      game.U32(p.b);
    }
  }
  const std::string tampered = TempPath("tampered.pairs");
  std::ofstream(tampered, std::ios::binary)
      .write(reinterpret_cast<const char*>(game.b.data()), std::streamsize(game.b.size()));
  text =
      RunBroadPhaseBench("--trace " + rec.trace + " --algo brute --game-pairs " + tampered, status);
  EXPECT_NE(status, 0) << text;
  EXPECT_NE(
      text.find("the game's recorded pairs on trace " + rec.trace + ", frame 5: 1 missing, " +
                "first (" + std::to_string(dropped.a) + ", " + std::to_string(dropped.b) + ")"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("MISMATCH (1 frames, first 5)"), std::string::npos) << text;

  // A pairs file cut short, or naming a box past N, is one line naming it.
  std::ofstream(tampered, std::ios::binary)
      .write(reinterpret_cast<const char*>(game.b.data()), std::streamsize(game.b.size() - 3));
  auto cut = ReadRecordedPairs(tampered);
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().rfind(tampered + ": ", 0), 0u) << cut.error();
  EXPECT_NE(cut.error().find("truncated"), std::string::npos) << cut.error();
  Bytes bad;
  bad.Magic("PAIRS001");
  bad.U32(4);
  bad.U32(1);
  bad.U32(1);
  bad.U32(1);
  bad.U32(9);
  std::ofstream(tampered, std::ios::binary)
      .write(reinterpret_cast<const char*>(bad.b.data()), std::streamsize(bad.b.size()));
  auto out_of_range = ReadRecordedPairs(tampered);
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error(), tampered + ": frame 0 pair 0: id 9 >= 4 boxes");
  std::remove(tampered.c_str());
}

#ifdef PARTLAB_ODE_RECORD
// examples/ode_record.c: ODE's boxes falling on a floor, recorded with the header. Its bodies come
// and go, ODE's hash space's own pairs equal brute force's on the recorded boxes (ODE tests its
// AABBs in double, we in float: they could only differ on boxes exactly touching, and this scene
// has none), and every broad phase, the grid plugin included, replays it as brute force does.
TEST(Recorder, OdeSimulationRecordsBodiesComingAndGoingAndOdesOwnPairs) {
  const std::string trace = TempPath("ode.aabbtrc"), pairs = TempPath("ode.pairs");
  ASSERT_EQ(
      std::system((std::string(PARTLAB_ODE_RECORD) + " " + trace + " " + pairs + " 400 > /dev/null")
                      .c_str()),
      0);
  auto read = ReadAabbTrace(trace);
  ASSERT_TRUE(read) << read.error();
  const AabbTrace& t = read.value();
  ASSERT_EQ(t.FrameCount(), 400u);
  // Box 0 is there from frame 0 and gone by the last; the last id only appears late.
  EXPECT_FALSE(t.Frame(0)[0].IsEmpty());
  EXPECT_TRUE(t.Frame(399)[0].IsEmpty());
  EXPECT_TRUE(t.Frame(0)[t.box_count - 1].IsEmpty());
  EXPECT_FALSE(t.Frame(399)[t.box_count - 1].IsEmpty());
  uint32_t n = 0;
  const auto ode = ReadPairsSidecar(pairs, n);
  ASSERT_EQ(ode.size(), 400u);
  BruteForce brute;
  FrameDriver driver(brute);
  std::vector<BoxPair> truth;
  size_t total = 0;
  for (size_t f = 0; f < 400; ++f) {
    driver.Step(t.Frame(f), truth);
    std::sort(truth.begin(), truth.end());
    EXPECT_EQ(ode[f], truth) << "frame " << f;
    total += truth.size();
  }
  EXPECT_GT(total, 1000u);  // boxes piled up: there was something to find
  const std::string out = TempPath("ode_bench.out");
  EXPECT_EQ(std::system((std::string(PARTLAB_BENCH) + " broadphase --trace " + trace +
                         " --plugin " + PARTLAB_GRID_PLUGIN + " > " + out + " 2>&1")
                            .c_str()),
            0);
  for (const std::string& p : {trace, pairs, out}) std::remove(p.c_str());
}
#endif

}  // namespace
}  // namespace partlab
