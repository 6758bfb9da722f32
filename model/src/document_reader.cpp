// SPDX-License-Identifier: BSD-3-Clause
// Reads a run document: version check and migration first, then every section, collecting all
// problems rather than stopping at the first.
#include "energy_reader.hpp"
#include "json_limits.hpp"
#include "region_reader.hpp"
#include "schema_version.hpp"
#include "tally/model/json_checker.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace tally::model {
namespace {

using namespace detail;
constexpr auto required = Presence::required;
constexpr auto optional = Presence::optional;

std::vector<std::string> read_strings(const Json& array, const Pointer& at, JsonChecker& checker) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < array.size(); ++i) {
    if (array[i].is_string()) {
      out.push_back(array[i].get<std::string>());
    } else {
      checker.fail(at / i, "expected a string, got " + describe_type(array[i]));
    }
  }
  return out;
}

std::vector<std::uint64_t> read_counts(const Json& array, const Pointer& at, JsonChecker& checker) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < array.size(); ++i) {
    if (const auto value = checker.count(array[i], at / i)) out.push_back(*value);
  }
  return out;
}

Hang read_hang(const Json& hang, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(hang, at, {"rank", "host", "call", "regions", "waited_ns"});
  Hang out;
  out.rank = checker.count_member(hang, at, "rank", required).value_or(0);
  out.host = checker.string_member(hang, at, "host", required).value_or("");
  out.call = checker.string_member(hang, at, "call", required).value_or("");
  if (const Json* regions = checker.array_member(hang, at, "regions", required)) {
    out.regions = read_strings(*regions, at / "regions", checker);
  }
  out.waited_ns = checker.count_member(hang, at, "waited_ns", required).value_or(0);
  return out;
}

void read_outcome(const Json& run, const Pointer& at, JsonChecker& checker, RunInfo& out) {
  if (const auto outcome = checker.string_member(run, at, "outcome", optional)) {
    if (const auto known = outcome_from_string(*outcome)) {
      out.outcome = *known;
    } else {
      checker.fail(at / "outcome", "expected \"completed\" or \"hung\", got \"" + *outcome + "\"");
      return; // whether a hang belongs here is unknown
    }
  }
  if (const Json* hang = checker.object_member(run, at, "hang", optional))
    out.hang = read_hang(*hang, at / "hang", checker);
  if (out.outcome == RunOutcome::hung && !out.hang) checker.fail(at, "a hung run must say where it hung (\"hang\")");
  if (out.outcome == RunOutcome::completed && out.hang) checker.fail(at / "hang", "only a hung run says where it hung");
}

Timeline read_timeline(const Json& timeline, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(timeline, at,
                         {"bucket_ns", "useful_ns", "mpi_ns", "offload_ns", "openmp_ns", "behaviour", "idle_nodes"});
  Timeline out;
  out.bucket_ns = checker.count_member(timeline, at, "bucket_ns", required).value_or(0);
  if (out.bucket_ns == 0 && timeline.contains("bucket_ns")) checker.fail(at / "bucket_ns", "must be positive");
  const std::pair<std::string_view, std::vector<std::uint64_t>*> states[] = {{"useful_ns", &out.useful_ns},
                                                                             {"mpi_ns", &out.mpi_ns},
                                                                             {"offload_ns", &out.offload_ns},
                                                                             {"openmp_ns", &out.openmp_ns}};
  std::optional<std::size_t> buckets; // useful_ns's, which the other states must match
  for (const auto& [key, values] : states) {
    if (const Json* array = checker.array_member(timeline, at, key, required)) {
      *values = read_counts(*array, at / std::string(key), checker);
      if (!buckets) buckets = array->size();
      if (array->size() != *buckets) {
        checker.fail(at / std::string(key),
                     "has " + std::to_string(array->size()) + " buckets, useful_ns has " + std::to_string(*buckets));
      }
    }
  }
  if (const auto behaviour = checker.string_member(timeline, at, "behaviour", optional)) {
    out.behaviour = behaviour_from_string(*behaviour);
    if (!out.behaviour) {
      checker.fail(at / "behaviour",
                   "expected \"stable\", \"cold_start\", \"stall\" or \"varying\", got \"" + *behaviour + "\"");
    }
  }
  if (const Json* idle = checker.array_member(timeline, at, "idle_nodes", optional)) {
    out.idle_nodes = read_strings(*idle, at / "idle_nodes", checker);
  }
  return out;
}

AbStudyRun read_ab_study(const Json& study, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(study, at, {"id", "side", "pair"});
  AbStudyRun out;
  out.id = checker.string_member(study, at, "id", required).value_or("");
  if (out.id.empty() && study.contains("id")) checker.fail(at / "id", "must not be empty");
  if (const auto side = checker.string_member(study, at, "side", required)) {
    if (const auto known = ab_side_from_string(*side)) {
      out.side = *known;
    } else {
      checker.fail(at / "side", "expected \"baseline\" or \"candidate\", got \"" + *side + "\"");
    }
  }
  out.pair = checker.count_member(study, at, "pair", required).value_or(1);
  if (out.pair == 0) checker.fail(at / "pair", "must be at least 1");
  return out;
}

BatchJob read_job(const Json& job, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(job, at, {"scheduler", "id", "step", "partition", "node_list", "end_time"});
  BatchJob out;
  if (const auto scheduler = checker.string_member(job, at, "scheduler", required)) {
    if (*scheduler != "slurm") checker.fail(at / "scheduler", "expected \"slurm\", got \"" + *scheduler + "\"");
  }
  out.id = checker.string_member(job, at, "id", required).value_or("");
  if (out.id.empty() && job.contains("id")) checker.fail(at / "id", "must not be empty");
  out.step = checker.string_member(job, at, "step", optional);
  out.partition = checker.string_member(job, at, "partition", optional);
  out.node_list = checker.string_member(job, at, "node_list", optional);
  out.end_time = checker.time_member(job, at, "end_time", optional);
  return out;
}

RunInfo read_run(const Json& run, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(run, at,
                         {"id", "experiment", "label", "start_time", "end_time", "command_line", "scaling", "outcome",
                          "hang", "ab_study", "job"});
  RunInfo out;
  out.id = checker.string_member(run, at, "id", required).value_or("");
  out.experiment = checker.string_member(run, at, "experiment", required).value_or("");
  out.label = checker.string_member(run, at, "label", required).value_or("");
  out.start_time = checker.time_member(run, at, "start_time", required).value_or("");
  out.end_time = checker.time_member(run, at, "end_time", required).value_or("");
  if (const Json* command = checker.array_member(run, at, "command_line", required)) {
    out.command_line = read_strings(*command, at / "command_line", checker);
  }
  if (const auto scaling = checker.string_member(run, at, "scaling", optional)) {
    out.scaling = scaling_from_string(*scaling);
    if (!out.scaling) checker.fail(at / "scaling", "expected \"strong\" or \"weak\", got \"" + *scaling + "\"");
  }
  if (out.id.empty() && run.contains("id")) checker.fail(at / "id", "must not be empty");
  read_outcome(run, at, checker, out);
  if (const Json* study = checker.object_member(run, at, "ab_study", optional))
    out.ab_study = read_ab_study(*study, at / "ab_study", checker);
  if (const Json* job = checker.object_member(run, at, "job", optional)) out.job = read_job(*job, at / "job", checker);
  return out;
}

SourceInfo read_source(const Json& source, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(source, at,
                         {"commit", "branch", "commit_time", "is_merge_request", "target_branch", "default_branch"});
  SourceInfo out;
  out.commit = checker.string_member(source, at, "commit", required).value_or("");
  out.branch = checker.string_member(source, at, "branch", required).value_or("");
  out.commit_time = checker.time_member(source, at, "commit_time", optional);
  out.is_merge_request = checker.bool_member(source, at, "is_merge_request", required).value_or(false);
  out.target_branch = checker.string_member(source, at, "target_branch", optional);
  out.default_branch = checker.string_member(source, at, "default_branch", optional);
  return out;
}

Resources read_resources(const Json& resources, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(resources, at, {"nodes", "ranks", "threads_per_rank", "gpus", "hosts", "cpu_frequency_khz"});
  Resources out;
  out.nodes = checker.count_member(resources, at, "nodes", required).value_or(0);
  out.ranks = checker.count_member(resources, at, "ranks", required).value_or(0);
  out.threads_per_rank = checker.count_member(resources, at, "threads_per_rank", required).value_or(1);
  out.gpus = checker.count_member(resources, at, "gpus", required).value_or(0);
  if (const Json* hosts = checker.array_member(resources, at, "hosts", required)) {
    out.hosts = read_strings(*hosts, at / "hosts", checker);
  }
  out.cpu_frequency_khz = checker.count_member(resources, at, "cpu_frequency_khz", optional);
  // Zero would read as "not set" in a configuration: a document says so by leaving the key out.
  if (out.cpu_frequency_khz == 0u) checker.fail(at / "cpu_frequency_khz", "must be at least 1 (kHz)");
  return out;
}

Environment read_environment(const Json& environment, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(
      environment, at,
      {"cpu_model", "mpi_library", "mpi_version", "compiler", "counters_available", "clock", "energy"});
  Environment out;
  out.cpu_model = checker.string_member(environment, at, "cpu_model", required).value_or("");
  out.mpi_library = checker.string_member(environment, at, "mpi_library", required).value_or("");
  out.mpi_version = checker.string_member(environment, at, "mpi_version", required).value_or("");
  out.compiler = checker.string_member(environment, at, "compiler", required).value_or("");
  out.counters_available = checker.bool_member(environment, at, "counters_available", required).value_or(false);
  out.clock = checker.string_member(environment, at, "clock", required).value_or("");
  if (const Json* energy = checker.object_member(environment, at, "energy", optional)) {
    out.energy = read_energy_sensors(*energy, at / "energy", checker);
  }
  return out;
}

} // namespace

std::string to_string(const Problem& problem) {
  const std::string pointer = problem.pointer.empty() ? "/" : problem.pointer;
  return problem.file + ": " + pointer + ": " + problem.message;
}

std::vector<std::string> to_strings(const Problems& problems) {
  std::vector<std::string> lines;
  for (const Problem& problem : problems)
    lines.push_back(to_string(problem));
  return lines;
}

ReadResult read_run_document(const nlohmann::json& value, const std::string& file) {
  Problems problems;
  JsonChecker checker(file, problems);
  const Pointer root;
  if (!checker.expect_object(value, root)) return problems;
  Json document = value;
  if (!check_and_migrate(document, checker)) return problems;

  checker.reject_unknown(
      document, root, {"schema", "tally_version", "run", "source", "resources", "environment", "regions", "timeline"});
  RunDocument out;
  out.tally_version = checker.string_member(document, root, "tally_version", required).value_or("");
  if (const Json* run = checker.object_member(document, root, "run", required)) {
    out.run = read_run(*run, root / "run", checker);
  }
  if (const Json* source = checker.object_member(document, root, "source", optional)) {
    out.source = read_source(*source, root / "source", checker);
  }
  if (const Json* resources = checker.object_member(document, root, "resources", required)) {
    out.resources = read_resources(*resources, root / "resources", checker);
  }
  if (const Json* environment = checker.object_member(document, root, "environment", required)) {
    out.environment = read_environment(*environment, root / "environment", checker);
  }
  if (const Json* regions = checker.array_member(document, root, "regions", required)) {
    out.regions = read_regions(*regions, root / "regions", checker);
    // The profiler wrote 0 GPUs before it counted them: the regions' devices say how many there
    // were, so old and new runs of one configuration stay one configuration.
    out.resources.gpus = std::max(out.resources.gpus, gpus_used(out.regions));
  }
  if (const Json* timeline = checker.object_member(document, root, "timeline", optional)) {
    out.timeline = read_timeline(*timeline, root / "timeline", checker);
  }
  if (!checker.ok()) return problems;
  return out;
}

std::variant<nlohmann::json, Problems> parse_json(std::string_view text, const std::string& file) {
  if (detail::json_nesting(text, max_json_nesting) > max_json_nesting)
    return Problems{Problem{
        file, "", "arrays and objects nested deeper than " + std::to_string(max_json_nesting) + " levels; not read"}};
  try {
    return Json::parse(text);
  } catch (const Json::exception& error) { // parse errors, and numbers beyond any double
    // nlohmann's message starts with its own "[json.exception.parse_error.101] " tag.
    std::string what = error.what();
    const auto tag_end = what.find("] ");
    if (tag_end != std::string::npos) what.erase(0, tag_end + 2);
    return Problems{Problem{file, "", "not valid JSON: " + what}};
  }
}

std::variant<std::string, Problems> read_json_text(const std::filesystem::path& path) {
  // A folder opens as an empty stream on Linux: said as such, not as a JSON syntax error.
  if (std::error_code not_found; std::filesystem::is_directory(path, not_found))
    return Problems{Problem{path.string(), "", "a folder, not a file"}};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Problems{Problem{path.string(), "", "cannot open file"}};
  const auto too_large = [&](std::uintmax_t bytes) {
    return Problems{Problem{path.string(), "",
                            std::to_string(bytes) + " bytes, larger than the " +
                                std::to_string(max_json_file_bytes >> 20) + " MiB a JSON file may have; not read"}};
  };
  std::error_code not_regular;
  const std::uintmax_t file_bytes = std::filesystem::file_size(path, not_regular);
  std::string text;
  if (!not_regular) {
    // A regular file: refused before reading when too large, else read in one piece into a
    // string of its size (a stream of streams would copy it twice).
    if (file_bytes > max_json_file_bytes) return too_large(file_bytes);
    text.resize(static_cast<std::size_t>(file_bytes));
    in.read(text.data(), static_cast<std::streamsize>(file_bytes));
    text.resize(static_cast<std::size_t>(in.gcount()));
  } else {
    // A pipe or a device: read as it comes, then held to the same limit.
    std::ostringstream stream;
    stream << in.rdbuf();
    text = std::move(stream).str();
    if (text.size() > max_json_file_bytes) return too_large(text.size());
  }
  if (in.bad()) return Problems{Problem{path.string(), "", "cannot read file"}};
  return text;
}

std::variant<nlohmann::json, Problems> load_json(const std::filesystem::path& path) {
  auto text = read_json_text(path);
  if (auto* problems = std::get_if<Problems>(&text)) return std::move(*problems);
  return parse_json(std::get<std::string>(text), path.string());
}

ReadResult parse_run_document(std::string_view text, const std::string& file) {
  auto value = parse_json(text, file);
  if (auto* problems = std::get_if<Problems>(&value)) return std::move(*problems);
  return read_run_document(std::get<nlohmann::json>(value), file);
}

ReadResult load_run_document(const std::filesystem::path& path) {
  auto value = load_json(path);
  if (auto* problems = std::get_if<Problems>(&value)) return std::move(*problems);
  return read_run_document(std::get<nlohmann::json>(value), path.string());
}

} // namespace tally::model
