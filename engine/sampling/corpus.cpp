#include "engine/sampling/corpus.h"

#include "engine/metrics/ter.h"
#include "engine/sampling/corpus_reader.h"
#include "engine/sampling/sampling_error.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace gauntlet::sampling {

QStringList Corpus::systems() const
{
    QStringList list;
    for (const CorpusSegment &s : segments) {
        for (const SystemTranslation &t : s.translations) {
            if (!list.contains(t.system))
                list.append(t.system);
        }
    }
    return list;
}

QStringList Corpus::documents() const
{
    QStringList list;
    QSet<QString> seen;
    for (const CorpusSegment &s : segments) {
        if (!seen.contains(s.documentId)) {
            seen.insert(s.documentId);
            list.append(s.documentId);
        }
    }
    return list;
}

double postEditScore(const QString &mt, const QString &postEdit)
{
    static const metrics::Ter ter;
    const std::string hyp = mt.toStdString();
    const std::string ref = postEdit.toStdString();
    const metrics::Statistics stats = ter.segmentStatistics(hyp, {std::string_view(ref)});
    return ter.scoreFromStatistics(stats) / 100.0;
}

namespace {

Corpus readCorpus(QIODevice *device, const QString &name, const CorpusFileOptions &options)
{
    CorpusRowReader reader(device, name, options);
    Corpus corpus;
    corpus.name = QFileInfo(name).completeBaseName();
    corpus.sourceFile = name;
    corpus.postEditIsReference = reader.postEditIsReference();
    corpus.hasDocuments = reader.hasDocumentColumn();

    // Rows grouped by segment (document + key), segments in the order of their first row.
    QVector<QVector<CorpusRow>> groups;
    QHash<QString, int> groupIndex;
    QStringList systemOrder = options.systems;
    CorpusRow row;
    while (reader.next(&row)) {
        if (!systemOrder.contains(row.system))
            systemOrder.append(row.system);
        const QString id = row.documentId + QChar(0x1f) + row.key;
        auto it = groupIndex.find(id);
        if (it == groupIndex.end()) {
            it = groupIndex.insert(id, int(groups.size()));
            groups.append(QVector<CorpusRow>());
        }
        groups[*it].append(row);
    }
    if (reader.rowsRead() == 0)
        throw SamplingError(QStringLiteral("%1: no segments (only a header)").arg(name));
    if (groups.isEmpty())
        throw SamplingError(QStringLiteral("%1: no segments of the systems %2").arg(name, options.systems.join(QStringLiteral(", "))));

    // Keys unique over the corpus stay as they are; keys that restart in every document become
    // "<document>:<key>".
    QSet<QString> keys;
    bool keysRepeat = false;
    for (const QVector<CorpusRow> &g : std::as_const(groups)) {
        keysRepeat = keysRepeat || keys.contains(g.first().key);
        keys.insert(g.first().key);
    }
    const SegmentBuilder builder(name, options);
    QHash<QString, int> documentLength;
    corpus.segments.reserve(groups.size());
    for (const QVector<CorpusRow> &g : std::as_const(groups)) {
        const int scored = int(corpus.segments.size());
        if (options.progress && scored % 64 == 0 && !options.progress(scored, int(groups.size())))
            throw SamplingError(QStringLiteral("%1: reading cancelled").arg(name));
        corpus.segments.append(builder.build(g, systemOrder, documentLength[g.first().documentId]++, keysRepeat));
    }
    if (options.progress && !options.progress(int(groups.size()), int(groups.size())))
        throw SamplingError(QStringLiteral("%1: reading cancelled").arg(name));
    return corpus;
}

}  // namespace

Corpus parseCorpus(const QByteArray &bytes, const QString &name, const CorpusFileOptions &options)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return readCorpus(&buffer, name, options);
}

Corpus readCorpusFile(const QString &path, const CorpusFileOptions &options)
{
    QFile file(path);
    if (!QFileInfo(path).isFile())
        throw SamplingError(QStringLiteral("%1: no such file").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        throw SamplingError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    Corpus corpus = readCorpus(&file, path, options);
    corpus.sourceFile = QFileInfo(path).absoluteFilePath();
    return corpus;
}

}  // namespace gauntlet::sampling
