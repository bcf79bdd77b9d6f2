#include "engine/verify/ltb_taxonomy.h"
#include "engine/core/arg_text.h"

#include "engine/core/text_file.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace gauntlet::verify {

QVector<LtbTaxonomyTag> parseLtbTaxonomy(const QByteArray &bytes, const QString &name)
{
    QByteArray json = bytes;
    // The one tolerated deviation from JSON: a comma right before the final closing brace.
    static const QRegularExpression trailingComma(QStringLiteral(",\\s*\\}\\s*$"));
    const QString text = QString::fromUtf8(json);
    const QRegularExpressionMatch m = trailingComma.match(text);
    if (m.hasMatch())
        json = (text.left(m.capturedStart()) + text.mid(m.capturedStart() + 1)).toUtf8();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        throw core::InputFileError(name, 0, QStringLiteral("is not a valid taxonomy (JSON): %1 at byte %2").arg(core::argText(error.errorString()), core::argText(error.offset)));
    if (!doc.isObject())
        throw core::InputFileError(name, 0, QStringLiteral("expected a JSON object from tag to taxonomy path"));
    // QJsonObject sorts its keys; keep the file's order by scanning the text for each key.
    QVector<LtbTaxonomyTag> tags;
    const QJsonObject object = doc.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isString())
            throw core::InputFileError(name, 0, QStringLiteral("tag '%1': expected a path string").arg(it.key()));
        tags.append({it.key(), it.value().toString()});
    }
    const QString source = QString::fromUtf8(json);
    std::stable_sort(tags.begin(), tags.end(), [&source](const LtbTaxonomyTag &a, const LtbTaxonomyTag &b) {
        return source.indexOf(u'"' + a.tag + QStringLiteral("\":")) < source.indexOf(u'"' + b.tag + QStringLiteral("\":"));
    });
    return tags;
}

const QVector<LtbTaxonomyTag> &bundledLtbTaxonomy()
{
    static const QVector<LtbTaxonomyTag> tags = [] {
        QFile file(QStringLiteral(":/taxonomies/ltb_linguistics_taxonomy.json"));
        if (!file.open(QIODevice::ReadOnly))
            return QVector<LtbTaxonomyTag>();
        return parseLtbTaxonomy(file.readAll(), file.fileName());
    }();
    return tags;
}

}  // namespace gauntlet::verify
