// The inputs of `gauntlet score`: hypothesis files (one per system, or one TSV with a column per
// system) and reference files (one per reference, or one with --num-refs tab-separated
// references per line), read as sacrebleu's command line reads them: UTF-8, one segment per line,
// trailing whitespace removed (Python's str.rstrip()). Unlike sacrebleu, a UTF-8 byte order mark
// at the start of a file is dropped (sacrebleu would keep U+FEFF as part of the first word).
#pragma once

#include "engine/metrics/metric.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace gauntlet::cli {

/// Systems and references, every stream with the same number of segments.
struct ScoreInputs {
    QStringList systemNames;                          ///< file names as given, or the TSV's header
    std::vector<std::vector<std::string>> systems;    ///< systems[s][i]: segment i of system s
    metrics::ReferenceStreams references;              ///< references[k][i]
};

/// Where ScoreInputs come from.
struct ScoreSources {
    QStringList hypothesisFiles;  ///< -i (several allowed)
    QString systemsTsv;           ///< --tsv: one column per system, the first line names them
    QStringList referenceFiles;   ///< positional or -r
    int numRefs = 1;              ///< -nr: tab-separated references per line (one file only)
    bool pairedTest = false;      ///< a second -i equal to the first is skipped, as sacrebleu does
    /// No -i and no --tsv: the systems come from standard input as sacrebleu reads it, one column
    /// per system separated by tabs (the first line sets how many), named "System 1", ...
    bool systemsFromStdin = false;
};

/// Reads everything. Throws gauntlet::core::InputFileError naming the file (and line) for a missing or
/// unreadable file, invalid UTF-8, a TSV row with another number of columns, a reference line
/// with another number of tab-separated references, streams of different lengths or no segments;
/// std::invalid_argument for a system name given twice. Standard input is named "standard input"
/// in errors; it is refused when empty or over 512 MiB.
ScoreInputs readScoreInputs(const ScoreSources &sources);

/// One file's lines as sacrebleu reads them (BOM dropped, line.rstrip()). Throws InputFileError.
std::vector<std::string> readSegmentLines(const QString &path);

}  // namespace gauntlet::cli
