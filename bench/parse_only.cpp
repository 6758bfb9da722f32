// SPDX-License-Identifier: BSD-3-Clause
// The floor under `tally pages`' reading: the time to read the documents below a folder into memory
// and to parse them with nlohmann/json and nothing else done, on as many threads as tally uses.
#include "analysis/ingest/document_paths.hpp"
#include "analysis/parallel_for.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

using Json = nlohmann::json;

/// Accepts every event and keeps nothing: what parsing costs without building anything.
struct NullSax : nlohmann::json_sax<Json> {
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Seconds that `body(i)` takes for every file, on `threads` threads.
template <typename Body> double seconds(std::size_t files, unsigned threads, const Body& body) {
  const auto start = std::chrono::steady_clock::now();
  tally::analysis::parallel_for(files, threads, body);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: parse_only FOLDER\n");
    return 2;
  }
  const auto paths = tally::analysis::ingest::expand_document_paths({argv[1]});
  const std::vector<std::filesystem::path>& files = paths.files;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::string> texts(files.size());
  const double read = seconds(files.size(), threads, [&](std::size_t i) { texts[i] = read_file(files[i]); });
  const double sax = seconds(files.size(), threads, [&](std::size_t i) {
    NullSax handler;
    Json::sax_parse(texts[i], &handler);
  });
  const double dom = seconds(files.size(), threads,
                             [&](std::size_t i) { [[maybe_unused]] const Json document = Json::parse(texts[i]); });
  std::size_t bytes = 0;
  for (const std::string& text : texts)
    bytes += text.size();
  std::printf("%zu documents, %zu bytes, %u threads: read %.2f s, parse (SAX, nothing kept) %.2f s, "
              "parse into a DOM %.2f s\n",
              files.size(), bytes, threads, read, sax, dom);
  return 0;
}
