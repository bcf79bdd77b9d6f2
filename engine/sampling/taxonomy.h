// Taxonomies for coverage (papers.md, TACTICS section 3.2.1): hierarchical categories, each
// either deterministic (regular-expression matchers on the source and/or the target, confidence
// 1.0) or semantic (assigned by a classifier constrained to the taxonomy's paths).
//
// JSON format (taxonomyToJson / parseTaxonomyJson), UTF-8:
//   {"format": "gauntlet-taxonomy", "version": 1, "name": "...", "description": "...",
//    "source": "...", "licence": "...",
//    "categories": [
//      {"path": "formatting/placeholders/printf", "kind": "deterministic", "description": "...",
//       "combine": "any",
//       "matchers": [{"field": "source", "pattern": "%(\\d+\\$)?[sd]", "flags": "i"}],
//       "examples": ["Delete %s?"]},
//      {"path": "register/honorifics", "kind": "semantic", "description": "...", "examples": [...]}]}
// Paths are '/'-separated; parents are implied by their children and need not be listed. Matcher
// fields: "source", "target", "either" (source or target) and "both"; flags: i (case-insensitive),
// s (dot matches newline), m (multiline ^ $), x (extended), u (Unicode classes for \w \d \b).
#pragma once

#include <QByteArray>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::sampling {

enum class CategoryKind { Deterministic, Semantic };

/// Which text of a segment a matcher reads.
enum class MatchField { Source, Target, Either, Both };

/// The field's name in taxonomy JSON, the project database and the editor: "source", "target",
/// "either" or "both".
QString matchFieldName(MatchField field);

/// The field named `name` (as matchFieldName writes it; surrounding spaces and case ignored).
/// Returns false and leaves `*field` unchanged for any other name.
bool matchFieldFromName(const QString &name, MatchField *field);

/// One regular expression (QRegularExpression, PCRE2 syntax) over one field of a segment.
struct CategoryMatcher {
    MatchField field = MatchField::Source;
    QString pattern;
    QString flags;  ///< any of "ismxu"
};

/// One taxonomy category.
struct TaxonomyCategory {
    QString path;         ///< "placeholders/printf"; unique in its taxonomy
    CategoryKind kind = CategoryKind::Semantic;
    QString description;
    bool requireAll = false;            ///< deterministic: every matcher must match ("combine": "all")
    QVector<CategoryMatcher> matchers;  ///< deterministic categories have at least one
    QStringList examples;               ///< example source texts (labelled examples for classifiers)

    QString name() const;    ///< the last path element
    QString parent() const;  ///< the path without its last element ("" at the top)
};

/// A taxonomy: metadata and its categories in file order.
struct Taxonomy {
    QString name;
    QString description;
    QString source;   ///< where it comes from (style guide, paper, repository)
    QString licence;
    QVector<TaxonomyCategory> categories;

    /// Index of the category with `path`, or -1.
    int indexOf(const QString &path) const;
    QStringList paths() const;
    /// Every path and every implied parent path, sorted (the tree a view shows).
    QStringList treePaths() const;
    /// Checks names, unique paths, matcher fields and flags, and compiles every pattern. Throws
    /// SamplingError naming `context` (a file name) and the category for the first problem.
    void validate(const QString &context) const;
};

/// Reads the JSON format above and validates it. Throws SamplingError naming `fileName` for
/// non-UTF-8 bytes, malformed JSON (with the byte offset), a wrong "format", a missing field or an
/// invalid category (empty path, duplicate path, unknown kind/field/flag, bad regex, deterministic
/// category without matchers).
Taxonomy parseTaxonomyJson(const QByteArray &bytes, const QString &fileName);

/// The JSON format above (indented, keys in a fixed order), round-trips through
/// parseTaxonomyJson.
QByteArray taxonomyToJson(const Taxonomy &taxonomy);

/// Builds a taxonomy of semantic categories from a tag-to-path table such as LTB's published
/// taxonomy (engine/verify/ltb_taxonomy.h: tag -> "main_tags/linguistic knowledge/..."): one
/// category per distinct path, in first-seen order, with the tags that name it as its
/// description ("tags: polysemy, ...").
Taxonomy taxonomyFromTagPaths(const QVector<QPair<QString, QString>> &tagToPath, const QString &name);

/// The names of the taxonomies shipped in resources/taxonomies: "ltb-difficulty" and
/// "mozilla-localization".
QStringList bundledTaxonomyNames();
/// A shipped taxonomy (parsed and validated). Throws SamplingError for an unknown name.
Taxonomy bundledTaxonomy(const QString &name);

/// Compiled matchers of a taxonomy's deterministic categories, ready to label many segments.
/// Immutable after construction; one object can be used from several threads.
class TaxonomyMatcher {
public:
    /// Compiles every matcher. Throws SamplingError as Taxonomy::validate.
    explicit TaxonomyMatcher(const Taxonomy &taxonomy);
    /// Indices (into taxonomy.categories) of the deterministic categories whose matchers accept
    /// the segment, ascending. `target` may be empty (then only source matchers can accept, and
    /// "both" never does).
    QVector<int> match(const QString &source, const QString &target) const;

private:
    struct Compiled {
        int category = 0;
        bool requireAll = false;
        QVector<QPair<MatchField, QRegularExpression>> expressions;
    };
    QVector<Compiled> m_compiled;
};

}  // namespace gauntlet::sampling
