// SPDX-License-Identifier: BSD-3-Clause
// The floor under `tally pages`' reading: the time to read the documents below a folder into memory
// and to parse them with nlohmann/json and nothing else done, on as many threads as tally uses;
// beside it, what the importer's streaming reader of DLB TALP documents and a DOM cost on top.
#include "analysis/ingest/document_paths.hpp"
#include "analysis/ingest/talp/talp_document.hpp"
#include "analysis/parallel_for.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
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

/// The elapsed and CPU (all threads) seconds of one phase.
struct Seconds {
  double elapsed = 0;
  double cpu = 0;
};

/// What `body(i)` takes for every file, on `threads` threads. The CPU time is the sturdier figure
/// on a machine that other jobs share.
template <typename Body> Seconds seconds(std::size_t files, unsigned threads, const Body& body) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  tally::analysis::parallel_for(files, threads, body);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC};
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
  const Seconds read = seconds(files.size(), threads, [&](std::size_t i) { texts[i] = read_file(files[i]); });
  const Seconds sax = seconds(files.size(), threads, [&](std::size_t i) {
    NullSax handler;
    Json::sax_parse(texts[i], &handler);
  });
  const Seconds records = seconds(files.size(), threads, [&](std::size_t i) {
    [[maybe_unused]] const auto document = tally::analysis::ingest::talp::read_talp_document(texts[i]);
  });
  const Seconds dom = seconds(files.size(), threads,
                              [&](std::size_t i) { [[maybe_unused]] const Json document = Json::parse(texts[i]); });
  std::size_t bytes = 0;
  for (const std::string& text : texts)
    bytes += text.size();
  std::printf("%zu documents, %zu bytes, %u threads: read %.2f s (CPU %.2f s), parse (SAX, nothing kept) %.2f s "
              "(CPU %.2f s), parse into the TALP importer's records %.2f s (CPU %.2f s), parse into a DOM %.2f s (CPU "
              "%.2f s)\n",
              files.size(), bytes, threads, read.elapsed, read.cpu, sax.elapsed, sax.cpu, records.elapsed, records.cpu,
              dom.elapsed, dom.cpu);
  return 0;
}
