// The Last Translation Benchmark's taxonomy of linguistic phenomena (papers.md, LTB section):
// each tag, as contributors typed it, with its path in the taxonomy ("main_tags/linguistic
// knowledge/sense-related/polysemy"); several tags share a path. Bundled as
// resources/taxonomies/ltb_linguistics_taxonomy.json (CC BY 4.0).
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

namespace gauntlet::verify {

struct LtbTaxonomyTag {
    QString tag;
    QString path;
};

/// Parses LTB's taxonomy file: one JSON object from tag to path. The published file has a comma
/// after its last entry, which strict JSON forbids; exactly that one trailing comma (before the
/// closing brace) is accepted knowingly. Throws InputFileError naming `name` for anything else
/// that is not a JSON object of strings. Tags keep the file's order.
QVector<LtbTaxonomyTag> parseLtbTaxonomy(const QByteArray &bytes, const QString &name);

/// The bundled taxonomy (parsed once). Empty only if the resource is missing (a packaging error).
const QVector<LtbTaxonomyTag> &bundledLtbTaxonomy();

}  // namespace gauntlet::verify
