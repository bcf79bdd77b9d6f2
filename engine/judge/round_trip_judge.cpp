#include "engine/judge/round_trip_judge.h"

#include "engine/judge/judge_error.h"
#include "engine/metrics/chrf.h"
#include "engine/translate/apertium.h"

#include <QProcess>
#include <QStringList>

#include <algorithm>

namespace gauntlet::judge {

RoundTripPair RoundTripPair::of(const std::string &forwardMode)
{
    const std::string base = forwardMode.substr(0, forwardMode.find('_'));
    const auto dash = base.find('-');
    if (dash == std::string::npos)
        return {forwardMode, forwardMode};
    return {forwardMode, base.substr(dash + 1) + "-" + base.substr(0, dash)};
}

std::vector<std::string> installedRoundTripPairs()
{
    const QStringList installed = translate::installedApertiumPairs();
    std::vector<std::string> out;
    for (const char *mode : {"en-gl", "eng-cat", "eng-spa"}) {
        const RoundTripPair p = RoundTripPair::of(mode);
        if (installed.contains(QString::fromStdString(p.forward)) && installed.contains(QString::fromStdString(p.back)))
            out.push_back(mode);
    }
    return out;
}

std::vector<std::string> apertiumMarkedWords(const std::string &translation, std::string *cleaned, std::vector<std::string> *otherMarks)
{
    std::vector<std::string> words;
    std::string clean;
    clean.reserve(translation.size());
    bool atWordStart = true;
    for (size_t i = 0; i < translation.size(); ++i) {
        const char c = translation[i];
        const bool space = c == ' ' || c == '\t' || c == '\n';
        if (atWordStart && (c == '*' || c == '@' || c == '#') && i + 1 < translation.size() && translation[i + 1] != ' ') {
            size_t j = i + 1;
            while (j < translation.size() && translation[j] != ' ' && translation[j] != '\n')
                ++j;
            std::string word = translation.substr(i + 1, j - i - 1);
            // Trailing sentence punctuation is not part of the word ("*velve." -> "velve").
            while (!word.empty() && std::string(".,;:!?\")").find(word.back()) != std::string::npos)
                word.pop_back();
            if (c == '*')
                words.push_back(word);
            else if (otherMarks)
                otherMarks->push_back(word);
            atWordStart = false;
            continue;  // the mark is dropped; the word's characters follow
        }
        clean += c;
        atWordStart = space;
    }
    if (cleaned)
        *cleaned = clean;
    return words;
}

namespace {

QStringList runApertium(const QString &mode, bool markUnknown, const QStringList &lines, int timeoutMs)
{
    QProcess process;
    QStringList args;
    if (!markUnknown)
        args << QStringLiteral("-u");
    args << mode;
    process.start(QStringLiteral("apertium"), args);
    if (!process.waitForStarted(10000))
        throw JudgeError("Apertium cannot be started for " + mode.toStdString() + " (install apertium and its language pair packages)");
    // Texts are kept apart by a blank line: Apertium's tagger reads on across a single line break,
    // so a text without final punctuation was translated differently with another line after it
    // (20 of 40 CoLA sentences without their full stop, en-gl; none with a blank line between).
    process.write(lines.join(QStringLiteral("\n\n")).toUtf8() + '\n');
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        throw JudgeError("Apertium " + mode.toStdString() + " timed out after " + std::to_string(timeoutMs / 1000) + " s");
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        throw JudgeError("Apertium " + mode.toStdString() + " failed: " + QString::fromUtf8(process.readAllStandardError()).trimmed().toStdString());
    QString out = QString::fromUtf8(process.readAllStandardOutput());
    while (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    const QStringList all = out.split(QLatin1Char('\n'));
    QStringList result;
    for (int i = 0; i < all.size(); i += 2) {
        if (i + 1 < all.size() && !all[i + 1].isEmpty())
            break;  // not the blank line between two texts: the count check below reports it
        result << all[i];
    }
    if (all.size() != 2 * lines.size() - 1 || result.size() != lines.size())
        throw JudgeError("Apertium " + mode.toStdString() + " returned " + std::to_string(all.size()) + " lines for "
                         + std::to_string(lines.size()) + " texts kept apart by blank lines");
    return result;
}

}  // namespace

std::vector<RoundTripVerdict> roundTrip(const std::vector<std::string> &texts, const RoundTripPair &pair, int timeoutMs)
{
    std::vector<RoundTripVerdict> out(texts.size());
    if (texts.empty())
        return out;
    const QStringList installed = translate::installedApertiumPairs();
    for (const std::string &mode : {pair.forward, pair.back}) {
        if (!installed.contains(QString::fromStdString(mode)))
            throw JudgeError("the Apertium mode " + mode + " is not installed (install apertium and the apertium-" + mode
                             + " language pair package)");
    }
    QStringList lines;
    for (const std::string &t : texts) {
        QString line = QString::fromUtf8(t.data(), int(t.size())).simplified();
        // An empty line would still come back as one, but keep the count unambiguous.
        lines << (line.isEmpty() ? QStringLiteral(".") : line);
    }
    const QStringList forward = runApertium(QString::fromStdString(pair.forward), true, lines, timeoutMs);
    QStringList cleaned;
    for (int i = 0; i < forward.size(); ++i) {
        std::string clean;
        out[size_t(i)].unknownWords = apertiumMarkedWords(forward[i].toStdString(), &clean);
        out[size_t(i)].translation = clean;
        cleaned << QString::fromStdString(clean);
    }
    const QStringList back = runApertium(QString::fromStdString(pair.back), false, cleaned, timeoutMs);
    const metrics::Chrf chrf;
    for (int i = 0; i < back.size(); ++i) {
        out[size_t(i)].backTranslation = back[i].toStdString();
        out[size_t(i)].roundTripChrf = chrf.sentenceScore(out[size_t(i)].backTranslation, {texts[size_t(i)]});
    }
    return out;
}

}  // namespace gauntlet::judge
