#include "engine/sampling/taxonomy.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/core/text_file.h"
#include "engine/sampling/sampling_error.h"

#include <algorithm>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>

namespace gauntlet::sampling {

namespace {

const QString FormatName = QStringLiteral("gauntlet-taxonomy");

QString kindName(CategoryKind kind)
{
    return kind == CategoryKind::Deterministic ? QStringLiteral("deterministic") : QStringLiteral("semantic");
}


/// QRegularExpression options for the flags "ismxu"; returns false for an unknown flag.
bool optionsFromFlags(const QString &flags, QRegularExpression::PatternOptions *options)
{
    QRegularExpression::PatternOptions o = QRegularExpression::NoPatternOption;
    for (QChar c : flags) {
        switch (c.unicode()) {
        case 'i': o |= QRegularExpression::CaseInsensitiveOption; break;
        case 's': o |= QRegularExpression::DotMatchesEverythingOption; break;
        case 'm': o |= QRegularExpression::MultilineOption; break;
        case 'x': o |= QRegularExpression::ExtendedPatternSyntaxOption; break;
        case 'u': o |= QRegularExpression::UseUnicodePropertiesOption; break;
        default: return false;
        }
    }
    *options = o;
    return true;
}

QRegularExpression compileMatcher(const CategoryMatcher &matcher, const QString &context, const QString &path)
{
    QRegularExpression::PatternOptions options;
    if (!optionsFromFlags(matcher.flags, &options))
        throw SamplingError(QStringLiteral("%1: category '%2': unknown matcher flag in '%3' (allowed: i s m x u)")
                                .arg(context, path, matcher.flags));
    QRegularExpression re(matcher.pattern, options);
    if (!re.isValid())
        throw SamplingError(QStringLiteral("%1: category '%2': invalid regular expression '%3': %4 at offset %5")
                                .arg(context, path, matcher.pattern, re.errorString())
                                .arg(re.patternErrorOffset()));
    re.optimize();
    return re;
}

QString requiredString(const QJsonObject &object, const QString &key, const QString &where)
{
    const QJsonValue value = object.value(key);
    if (!value.isString())
        throw SamplingError(QStringLiteral("%1: \"%2\" must be a string").arg(where, key));
    return value.toString();
}

QString optionalString(const QJsonObject &object, const QString &key, const QString &where)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isString())
        throw SamplingError(QStringLiteral("%1: \"%2\" must be a string").arg(where, key));
    return value.toString();
}

}  // namespace

QString TaxonomyCategory::name() const
{
    return path.section(u'/', -1);
}

QString TaxonomyCategory::parent() const
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash < 0 ? QString() : path.left(slash);
}

int Taxonomy::indexOf(const QString &path) const
{
    for (int i = 0; i < categories.size(); ++i) {
        if (categories[i].path == path)
            return i;
    }
    return -1;
}

QStringList Taxonomy::paths() const
{
    QStringList list;
    list.reserve(categories.size());
    for (const TaxonomyCategory &c : categories)
        list.append(c.path);
    return list;
}

QStringList Taxonomy::treePaths() const
{
    QSet<QString> all;
    for (const TaxonomyCategory &c : categories) {
        QString p = c.path;
        while (!p.isEmpty()) {
            all.insert(p);
            const qsizetype slash = p.lastIndexOf(u'/');
            p = slash < 0 ? QString() : p.left(slash);
        }
    }
    QStringList list(all.begin(), all.end());
    list.sort();
    return list;
}

void Taxonomy::validate(const QString &context) const
{
    if (name.trimmed().isEmpty())
        throw SamplingError(QStringLiteral("%1: the taxonomy has no name").arg(context));
    if (categories.isEmpty())
        throw SamplingError(QStringLiteral("%1: taxonomy '%2' has no categories").arg(context, name));
    QSet<QString> seen;
    for (const TaxonomyCategory &c : categories) {
        const QString where = QStringLiteral("%1: category '%2'").arg(context, c.path);
        if (c.path.trimmed().isEmpty() || c.path != c.path.trimmed())
            throw SamplingError(QStringLiteral("%1: a category path is empty or has surrounding spaces ('%2')").arg(context, c.path));
        if (c.path.startsWith(u'/') || c.path.endsWith(u'/') || c.path.contains(QStringLiteral("//")))
            throw SamplingError(QStringLiteral("%1: empty path element").arg(where));
        if (seen.contains(c.path))
            throw SamplingError(QStringLiteral("%1: duplicate path").arg(where));
        seen.insert(c.path);
        if (c.kind == CategoryKind::Deterministic && c.matchers.isEmpty())
            throw SamplingError(QStringLiteral("%1: a deterministic category needs at least one matcher").arg(where));
        if (c.kind == CategoryKind::Semantic && !c.matchers.isEmpty())
            throw SamplingError(QStringLiteral("%1: a semantic category has no matchers").arg(where));
        for (const CategoryMatcher &m : c.matchers)
            compileMatcher(m, context, c.path);
    }
}

namespace {

/// "line L, column C" (1-based, columns in characters) of byte `offset` of UTF-8 `bytes`.
QString linePosition(const QByteArray &bytes, int offset)
{
    offset = std::clamp(offset, 0, int(bytes.size()));
    const QByteArray before = bytes.left(offset);
    const int line = int(before.count('\n')) + 1;
    const int lineStart = int(before.lastIndexOf('\n')) + 1;
    const int column = int(QString::fromUtf8(before.mid(lineStart)).size()) + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

}  // namespace

Taxonomy parseTaxonomyJson(const QByteArray &bytes, const QString &fileName)
{
    if (bytes.trimmed().isEmpty())
        throw SamplingError(QStringLiteral("%1: the file is empty (expected a coverage taxonomy: a JSON object with \"format\": \"%2\")")
                                .arg(fileName, FormatName));
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError())
        throw SamplingError(QStringLiteral("%1: %2").arg(fileName, core::notUtf8Reason(bytes)));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        // LTB's published linguistics taxonomy (tag -> "main_tags/..." path, with a trailing comma)
        // is no coverage taxonomy: Gauntlet ships one built from it (issue 23).
        const bool ltbTagFile = bytes.contains("\"main_tags/") || bytes.contains("\"parallel_tags/");
        throw SamplingError(QStringLiteral("%1: malformed JSON at %2 (byte %3): %4%5")
                                .arg(fileName, linePosition(bytes, error.offset))
                                .arg(core::argText(error.offset), core::argText(error.errorString()), core::argText(ltbTagFile ? QStringLiteral(". This looks like LTB's published linguistics taxonomy (tag to path), not a "
                                                                 "coverage taxonomy: add the one built from it, ltb-difficulty, with Add Bundled in the "
                                                                 "Coverage workspace or `gauntlet taxonomy import --bundled ltb-difficulty`")
                                                : QString())));
    }
    if (!doc.isObject())
        throw SamplingError(QStringLiteral("%1: a taxonomy is a JSON object").arg(fileName));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != FormatName)
        throw SamplingError(QStringLiteral("%1: \"format\" must be \"%2\"").arg(fileName, FormatName));
    if (root.value(QStringLiteral("version")).toInt(-1) != 1)
        throw SamplingError(QStringLiteral("%1: unsupported \"version\" (this build reads 1)").arg(fileName));

    Taxonomy taxonomy;
    taxonomy.name = requiredString(root, QStringLiteral("name"), fileName);
    taxonomy.description = optionalString(root, QStringLiteral("description"), fileName);
    taxonomy.source = optionalString(root, QStringLiteral("source"), fileName);
    taxonomy.licence = optionalString(root, QStringLiteral("licence"), fileName);
    const QJsonValue categories = root.value(QStringLiteral("categories"));
    if (!categories.isArray())
        throw SamplingError(QStringLiteral("%1: \"categories\" must be an array").arg(fileName));
    int index = 0;
    for (const QJsonValue &value : categories.toArray()) {
        const QString where = QStringLiteral("%1: categories[%2]").arg(core::argText(fileName), core::argText(index++));
        if (!value.isObject())
            throw SamplingError(QStringLiteral("%1: must be an object").arg(where));
        const QJsonObject object = value.toObject();
        TaxonomyCategory category;
        category.path = requiredString(object, QStringLiteral("path"), where);
        const QString kind = requiredString(object, QStringLiteral("kind"), where);
        if (kind == QLatin1String("deterministic"))
            category.kind = CategoryKind::Deterministic;
        else if (kind == QLatin1String("semantic"))
            category.kind = CategoryKind::Semantic;
        else
            throw SamplingError(QStringLiteral("%1: \"kind\" must be \"deterministic\" or \"semantic\", not '%2'").arg(where, kind));
        category.description = optionalString(object, QStringLiteral("description"), where);
        const QString combine = optionalString(object, QStringLiteral("combine"), where);
        if (!combine.isEmpty() && combine != QLatin1String("any") && combine != QLatin1String("all"))
            throw SamplingError(QStringLiteral("%1: \"combine\" must be \"any\" or \"all\"").arg(where));
        category.requireAll = combine == QLatin1String("all");
        const QJsonValue matchers = object.value(QStringLiteral("matchers"));
        if (!matchers.isUndefined()) {
            if (!matchers.isArray())
                throw SamplingError(QStringLiteral("%1: \"matchers\" must be an array").arg(where));
            for (const QJsonValue &m : matchers.toArray()) {
                if (!m.isObject())
                    throw SamplingError(QStringLiteral("%1: a matcher must be an object").arg(where));
                const QJsonObject mo = m.toObject();
                CategoryMatcher matcher;
                const QString field = optionalString(mo, QStringLiteral("field"), where);
                if (!field.isEmpty() && !matchFieldFromName(field, &matcher.field))
                    throw SamplingError(QStringLiteral("%1: matcher \"field\" must be source, target, either or both, not '%2'").arg(where, field));
                matcher.pattern = requiredString(mo, QStringLiteral("pattern"), where);
                if (matcher.pattern.isEmpty())
                    throw SamplingError(QStringLiteral("%1: empty matcher pattern").arg(where));
                matcher.flags = optionalString(mo, QStringLiteral("flags"), where);
                category.matchers.append(matcher);
            }
        }
        const QJsonValue examples = object.value(QStringLiteral("examples"));
        if (!examples.isUndefined()) {
            if (!examples.isArray())
                throw SamplingError(QStringLiteral("%1: \"examples\" must be an array of strings").arg(where));
            for (const QJsonValue &e : examples.toArray()) {
                if (!e.isString())
                    throw SamplingError(QStringLiteral("%1: \"examples\" must be an array of strings").arg(where));
                category.examples.append(e.toString());
            }
        }
        taxonomy.categories.append(category);
    }
    taxonomy.validate(fileName);
    return taxonomy;
}

QByteArray taxonomyToJson(const Taxonomy &taxonomy)
{
    QJsonArray categories;
    for (const TaxonomyCategory &c : taxonomy.categories) {
        QJsonObject object;
        object.insert(QStringLiteral("path"), c.path);
        object.insert(QStringLiteral("kind"), kindName(c.kind));
        if (!c.description.isEmpty())
            object.insert(QStringLiteral("description"), c.description);
        if (c.requireAll)
            object.insert(QStringLiteral("combine"), QStringLiteral("all"));
        if (!c.matchers.isEmpty()) {
            QJsonArray matchers;
            for (const CategoryMatcher &m : c.matchers) {
                QJsonObject mo;
                mo.insert(QStringLiteral("field"), matchFieldName(m.field));
                mo.insert(QStringLiteral("pattern"), m.pattern);
                if (!m.flags.isEmpty())
                    mo.insert(QStringLiteral("flags"), m.flags);
                matchers.append(mo);
            }
            object.insert(QStringLiteral("matchers"), matchers);
        }
        if (!c.examples.isEmpty())
            object.insert(QStringLiteral("examples"), QJsonArray::fromStringList(c.examples));
        categories.append(object);
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), FormatName);
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("name"), taxonomy.name);
    root.insert(QStringLiteral("description"), taxonomy.description);
    root.insert(QStringLiteral("source"), taxonomy.source);
    root.insert(QStringLiteral("licence"), taxonomy.licence);
    root.insert(QStringLiteral("categories"), categories);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Taxonomy taxonomyFromTagPaths(const QVector<QPair<QString, QString>> &tagToPath, const QString &name)
{
    Taxonomy taxonomy;
    taxonomy.name = name;
    QHash<QString, int> index;
    QVector<QStringList> tags;
    for (const auto &[tag, path] : tagToPath) {
        auto it = index.find(path);
        if (it == index.end()) {
            it = index.insert(path, taxonomy.categories.size());
            TaxonomyCategory category;
            category.path = path;
            category.kind = CategoryKind::Semantic;
            taxonomy.categories.append(category);
            tags.append(QStringList());
        }
        tags[*it].append(tag);
    }
    for (int i = 0; i < taxonomy.categories.size(); ++i)
        taxonomy.categories[i].description = QStringLiteral("tags: ") + tags[i].join(QStringLiteral(", "));
    return taxonomy;
}

QStringList bundledTaxonomyNames()
{
    return {QStringLiteral("ltb-difficulty"), QStringLiteral("mozilla-localization")};
}

Taxonomy bundledTaxonomy(const QString &name)
{
    if (!bundledTaxonomyNames().contains(name))
        throw SamplingError(QStringLiteral("no bundled taxonomy '%1' (bundled: %2)").arg(name, bundledTaxonomyNames().join(QStringLiteral(", "))));
    const QString resource = QStringLiteral(":/taxonomies/%1.taxonomy.json").arg(name);
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        throw SamplingError(QStringLiteral("bundled taxonomy %1 is missing from the resources (a packaging error)").arg(resource));
    return parseTaxonomyJson(file.readAll(), resource);
}

TaxonomyMatcher::TaxonomyMatcher(const Taxonomy &taxonomy)
{
    for (int i = 0; i < taxonomy.categories.size(); ++i) {
        const TaxonomyCategory &c = taxonomy.categories[i];
        if (c.kind != CategoryKind::Deterministic)
            continue;
        Compiled compiled;
        compiled.category = i;
        compiled.requireAll = c.requireAll;
        for (const CategoryMatcher &m : c.matchers)
            compiled.expressions.append({m.field, compileMatcher(m, taxonomy.name, c.path)});
        m_compiled.append(compiled);
    }
}

QVector<int> TaxonomyMatcher::match(const QString &source, const QString &target) const
{
    QVector<int> result;
    for (const Compiled &c : m_compiled) {
        int hits = 0;
        for (const auto &[field, re] : c.expressions) {
            bool hit = false;
            switch (field) {
            case MatchField::Source: hit = re.match(source).hasMatch(); break;
            case MatchField::Target: hit = !target.isEmpty() && re.match(target).hasMatch(); break;
            case MatchField::Either: hit = re.match(source).hasMatch() || (!target.isEmpty() && re.match(target).hasMatch()); break;
            case MatchField::Both: hit = !target.isEmpty() && re.match(source).hasMatch() && re.match(target).hasMatch(); break;
            }
            hits += hit ? 1 : 0;
            if (hit && !c.requireAll)
                break;
        }
        if (c.requireAll ? hits == c.expressions.size() : hits > 0)
            result.append(c.category);
    }
    return result;
}

const core::EnumName<MatchField> MatchFieldNames[] = {
    {MatchField::Source, "source"}, {MatchField::Target, "target"}, {MatchField::Either, "either"}, {MatchField::Both, "both"}};

QString matchFieldName(MatchField field)
{
    return QString::fromLatin1(core::enumName(MatchFieldNames, field));
}

bool matchFieldFromName(const QString &name, MatchField *field)
{
    const auto named = core::enumFromName(MatchFieldNames, name.trimmed().toLower());
    if (named)
        *field = *named;
    return named.has_value();
}

}  // namespace gauntlet::sampling
