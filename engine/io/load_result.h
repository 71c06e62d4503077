// What every loader returns: the value, or one line of text naming the file and the problem
// ("dragon.obj:12: face index 9 out of range (8 vertices)"). The caller shows that line in the UI
// and on stderr and keeps the scene it had.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace partlab {

template <class T>
class LoadResult {
 public:
  static LoadResult Ok(T value) { return LoadResult(std::move(value), {}); }
  static LoadResult Fail(std::string error) { return LoadResult(std::nullopt, std::move(error)); }

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const std::string& error() const { return error_; }

 private:
  LoadResult(std::optional<T> v, std::string e) : value_(std::move(v)), error_(std::move(e)) {}
  std::optional<T> value_;
  std::string error_;
};

}  // namespace partlab
