#include "app/cli/score_inputs.h"
#include "engine/core/arg_text.h"

#include "engine/core/text_file.h"
#include "engine/metrics/python_text.h"

#include <QFile>

#include <stdexcept>

namespace gauntlet::cli {

namespace {

// Python's str.rstrip() on UTF-8 (the line is valid UTF-8 here).
void rstripPythonUtf8(std::string &line)
{
    if (line.empty())
        return;
    const unsigned char last = static_cast<unsigned char>(line.back());
    if (last > ' ' && last < 0x80)
        return;  // the common case: an ASCII character that is not whitespace
    const std::u32string decoded = metrics::decodeUtf8(line);
    const std::u32string_view kept = metrics::rstripPython(decoded);
    if (kept.size() != decoded.size())
        line = metrics::encodeUtf8(kept);
}

// str.split('\t', maxsplit) as Python does it.
std::vector<std::string> splitTabs(const std::string &line, int maxSplit)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (maxSplit < 0 || static_cast<int>(fields.size()) < maxSplit) {
        const std::size_t tab = line.find('\t', start);
        if (tab == std::string::npos)
            break;
        fields.push_back(line.substr(start, tab - start));
        start = tab + 1;
    }
    fields.push_back(line.substr(start));
    return fields;
}

void checkLength(const QString &path, std::size_t lines, const QString &otherPath, std::size_t otherLines)
{
    if (lines == otherLines)
        return;
    const bool shorter = lines < otherLines;
    const QString &shortPath = shorter ? path : otherPath;
    const QString &longPath = shorter ? otherPath : path;
    const std::size_t shortCount = std::min(lines, otherLines);
    throw core::InputFileError(shortPath, int(shortCount) + 1,
                         QStringLiteral("missing line: it has %1 lines but %2 has %3 (one line per segment)")
                             .arg(core::argText(shortCount), core::argText(longPath), core::argText(std::max(lines, otherLines))));
}

// sacrebleu's standard-input branch: io.TextIOWrapper in universal-newline mode ("\r\n", "\r" and
// "\n" end lines); the first line, stripped at its end and split at tabs, sets the number of
// systems; every later line must have as many fields, each stripped at its end.
void readSystemsFromStdin(ScoreInputs &in, QStringList &streamFiles)
{
    const QString name = QStringLiteral("standard input");
    constexpr qint64 kMaxBytes = qint64(512) << 20;
    QFile file;
    if (!file.open(stdin, QIODevice::ReadOnly))
        throw core::InputFileError(name, 0, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    QByteArray bytes = file.read(kMaxBytes + 1);
    if (bytes.size() > kMaxBytes)
        throw core::InputFileError(name, 0, QStringLiteral("is larger than 512 MiB"));
    bytes.replace("\r\n", "\n").replace('\r', '\n');
    const QStringList lines = core::splitUtf8Lines(bytes, name);
    if (lines.isEmpty())
        throw core::InputFileError(name, 0, QStringLiteral("is empty: give the system output there, or as files with -i"));
    std::string first = lines.constFirst().toStdString();
    rstripPythonUtf8(first);
    const std::vector<std::string> header = splitTabs(first, -1);
    const std::size_t firstSystem = in.systems.size();
    for (std::size_t c = 0; c < header.size(); ++c) {
        in.systemNames.append(QStringLiteral("System %1").arg(c + 1));
        in.systems.push_back({header[c]});
        streamFiles.append(name);
    }
    for (qsizetype r = 1; r < lines.size(); ++r) {
        std::string line = lines[r].toStdString();
        rstripPythonUtf8(line);
        const std::vector<std::string> fields = splitTabs(line, -1);
        if (fields.size() != header.size())
            throw core::InputFileError(name, int(r) + 1,
                                 QStringLiteral("has %1 tab-separated fields but the first line has %2 (one column per "
                                                "system)")
                                     .arg(fields.size())
                                     .arg(header.size()));
        for (std::size_t c = 0; c < fields.size(); ++c) {
            in.systems[firstSystem + c].push_back(fields[c]);
            rstripPythonUtf8(in.systems[firstSystem + c].back());
        }
    }
}

}  // namespace

std::vector<std::string> readSegmentLines(const QString &path)
{
    const QStringList lines = core::readUtf8Lines(path);  // drops a BOM and a '\r' before '\n'
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(lines.size()));
    for (const QString &line : lines) {
        out.push_back(line.toStdString());
        rstripPythonUtf8(out.back());
    }
    return out;
}

ScoreInputs readScoreInputs(const ScoreSources &sources)
{
    ScoreInputs in;
    QStringList streamFiles;  // the file behind each system, for error messages
    for (const QString &path : sources.hypothesisFiles) {
        if (in.systemNames.contains(path)) {
            if (sources.pairedTest && path == in.systemNames.constFirst())
                continue;  // sacrebleu: "Ignoring ... as it was also given as the baseline"
            throw std::invalid_argument("'" + path.toStdString() + "' is given twice as a system (-i)");
        }
        in.systemNames.append(path);
        in.systems.push_back(readSegmentLines(path));
        streamFiles.append(path);
    }
    if (sources.systemsFromStdin)
        readSystemsFromStdin(in, streamFiles);
    if (!sources.systemsTsv.isEmpty()) {
        const QString &path = sources.systemsTsv;
        // Not rstripped as whole lines (that would drop the tabs of empty last columns); each
        // field is, as sacrebleu strips each system's segment.
        std::vector<std::string> rows;
        for (const QString &line : core::readUtf8Lines(path))
            rows.push_back(line.toStdString());
        if (rows.empty())
            throw core::InputFileError(path, 0, QStringLiteral("has no header line (one column per system, named in the first line)"));
        std::vector<std::string> header = splitTabs(rows.front(), -1);
        const std::size_t first = in.systems.size();
        for (std::string &name : header) {
            rstripPythonUtf8(name);
            const QString qname = QString::fromStdString(name);
            if (in.systemNames.contains(qname))
                throw core::InputFileError(path, 1, QStringLiteral("system '%1' is named twice").arg(qname));
            in.systemNames.append(qname);
            in.systems.emplace_back();
            streamFiles.append(path);
        }
        for (std::size_t r = 1; r < rows.size(); ++r) {
            const std::vector<std::string> fields = splitTabs(rows[r], -1);
            if (fields.size() != header.size())
                throw core::InputFileError(path, int(r) + 1,
                                     QStringLiteral("has %1 tab-separated fields but the header names %2 systems")
                                         .arg(fields.size())
                                         .arg(header.size()));
            for (std::size_t c = 0; c < fields.size(); ++c) {
                in.systems[first + c].push_back(fields[c]);
                rstripPythonUtf8(in.systems[first + c].back());
            }
        }
    }

    QStringList refFiles;
    for (const QString &path : sources.referenceFiles) {
        std::vector<std::string> lines = readSegmentLines(path);
        if (sources.numRefs == 1) {
            in.references.push_back(std::move(lines));
            refFiles.append(path);
            continue;
        }
        const auto first = in.references.size();
        in.references.resize(first + static_cast<std::size_t>(sources.numRefs));
        for (int k = 0; k < sources.numRefs; ++k)
            refFiles.append(path);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::vector<std::string> refs = splitTabs(lines[i], sources.numRefs - 1);
            if (static_cast<int>(refs.size()) != sources.numRefs)
                throw core::InputFileError(path, int(i) + 1,
                                     QStringLiteral("expected %1 tab-separated references (--num-refs), found %2")
                                         .arg(sources.numRefs)
                                         .arg(refs.size()));
            for (int k = 0; k < sources.numRefs; ++k)
                in.references[first + static_cast<std::size_t>(k)].push_back(std::move(refs[static_cast<std::size_t>(k)]));
        }
    }

    if (in.systems.empty())
        throw std::invalid_argument("no system to score");
    const std::size_t n = in.systems.front().size();
    for (std::size_t s = 1; s < in.systems.size(); ++s)
        checkLength(streamFiles[int(s)], in.systems[s].size(), streamFiles.constFirst(), n);
    for (std::size_t k = 0; k < in.references.size(); ++k)
        checkLength(refFiles[int(k)], in.references[k].size(), streamFiles.constFirst(), n);
    if (n == 0)
        throw core::InputFileError(streamFiles.constFirst(), 0, QStringLiteral("has no segments"));
    return in;
}

}  // namespace gauntlet::cli
