#include "engine/verify/example_store.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/core/names.h"
#include "engine/store/database.h"
#include "engine/translate/translate_error.h"
#include "engine/verify/verdict_override_store.h"
#include "engine/verify/verify_error.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace gauntlet::verify {

namespace {

QString toJsonArray(const QStringList &list)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}

QStringList fromJsonArray(const QString &json)
{
    QStringList list;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.toUtf8()).array())
        list << v.toString();
    return list;
}

QString toJsonObject(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject fromJsonObject(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

void checkText(const QString &field, const QString &value, int maxLength, bool required)
{
    if (required && value.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("%1 is empty").arg(field));
    if (!value.isValidUtf16())
        throw storage::StoreError(QStringLiteral("%1 is not valid Unicode (it holds a lone surrogate)").arg(field));
    const int length = codePointCount(value);
    if (length > maxLength)
        throw storage::StoreError(QStringLiteral("%1 has %2 characters; at most %3 are allowed").arg(field).arg(length).arg(maxLength));
}

void checkIso(const QString &field, const QString &code)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"));
    if (!code.isEmpty() && !pattern.match(code).hasMatch())
        throw storage::StoreError(QStringLiteral("%1 '%2' is not an ISO 639 code (e.g. en, spa, srp_Cyrl)").arg(field, code.left(40)));
}

const char *const exampleColumns =
    "SELECT id, ltb_id, status, author, source_lang, source_lang_iso, target_lang, target_lang_iso, source_text, "
    "instructions, context_note, attribution, reference, linguistics_json, tags_json, created_at, updated_at FROM examples ";

ChallengeExample readExample(storage::SqlQuery &q)
{
    ChallengeExample e;
    e.id = q.value(0).toLongLong();
    e.ltbId = q.value(1).toString();
    e.status = parseExampleStatus(q.value(2).toString());
    e.author = q.value(3).toString();
    e.sourceLanguage = q.value(4).toString();
    e.sourceLanguageIso = q.value(5).toString();
    e.targetLanguage = q.value(6).toString();
    e.targetLanguageIso = q.value(7).toString();
    e.sourceText = q.value(8).toString();
    e.instructions = q.value(9).toString();
    e.contextNote = q.value(10).toString();
    e.attribution = q.value(11).toString();
    e.reference = q.value(12).toString();
    e.linguistics = fromJsonArray(q.value(13).toString());
    e.tags = fromJsonArray(q.value(14).toString());
    e.createdAt = q.value(15).toString();
    e.updatedAt = q.value(16).toString();
    return e;
}

VerificationRule ruleFromRow(const QString &kind, const QString &text, const QString &options)
{
    VerificationRule rule;
    rule.kind = parseRuleKind(kind);
    rule.text = text;
    rule.setOptionsJson(fromJsonObject(options));
    return rule;
}

bool isEditable(ExampleStatus s)
{
    return s == ExampleStatus::Draft || s == ExampleStatus::Returned;
}

/// Validates an MT system or verifier `config` and its name: what validate() throws as `Error`
/// comes back as StoreError with the same message, a bad name as StoreError "the <what> name ...".
template<typename Error, typename Config>
void checkConfig(const Config &config, const QString &what)
{
    try {
        config.validate();
    } catch (const Error &e) {
        throw storage::StoreError(QString::fromStdString(e.what()));
    }
    if (const QString problem = core::nameProblem(config.name, 100); !problem.isEmpty())
        throw storage::StoreError(QStringLiteral("the %1 name %2").arg(what, problem));
}

/// Every row of the executed query `q` as `read(q)` makes it, in order; what `read` throws as
/// `Error` comes back as StoreError "<database path>: <message>".
template<typename Error, typename Read>
auto readConfigs(storage::Database &db, storage::SqlQuery &q, Read read)
{
    QVector<decltype(read(q))> list;
    while (q.next()) {
        try {
            list.append(read(q));
        } catch (const Error &e) {
            throw storage::StoreError(QStringLiteral("%1: %2").arg(db.path(), QString::fromStdString(e.what())));
        }
    }
    return list;
}

/// Deletes the row of `table` (mt_systems, verifiers) named `name`; true when there was one.
/// Throws StoreError.
bool removeNamed(storage::Database &db, const QString &table, const QString &name)
{
    storage::SqlQuery q(db, QStringLiteral("DELETE FROM %1 WHERE name = ?").arg(table));
    q.bind(0, name).exec();
    return q.rowsAffected() > 0;
}

const core::EnumName<ExampleStatus> ExampleStatusNames[] = {
    {ExampleStatus::Draft, "draft"}, {ExampleStatus::Submitted, "submitted"}, {ExampleStatus::Accepted, "accepted"},
    {ExampleStatus::Returned, "returned"}};

}  // namespace

QString exampleStatusName(ExampleStatus status)
{
    return QString::fromLatin1(core::enumNameOrLast(ExampleStatusNames, status));
}

ExampleStatus parseExampleStatus(const QString &name)
{
    return core::enumFromNameOrThrow(ExampleStatusNames, name, [&] {
        return storage::StoreError(QStringLiteral("unknown example status '%1' (draft, submitted, accepted or returned)").arg(name));
    });
}

void ChallengeExample::validate() const
{
    checkText(QStringLiteral("source language"), sourceLanguage, MaxLanguageNameLength, true);
    checkText(QStringLiteral("target language"), targetLanguage, MaxLanguageNameLength, true);
    checkIso(QStringLiteral("source language ISO code"), sourceLanguageIso);
    checkIso(QStringLiteral("target language ISO code"), targetLanguageIso);
    checkText(QStringLiteral("source text"), sourceText, MaxSourceTextLength, contextNote.trimmed().isEmpty());
    checkText(QStringLiteral("instructions"), instructions, MaxExampleFieldLength, false);
    checkText(QStringLiteral("context note"), contextNote, MaxContextLength, false);
    checkText(QStringLiteral("attribution"), attribution, MaxExampleFieldLength, false);
    checkText(QStringLiteral("reference translation"), reference, MaxTranslationLength, false);
    checkText(QStringLiteral("author"), author, 100, false);
    for (const QString &tag : linguistics + tags)
        checkText(QStringLiteral("tag '%1'").arg(tag.left(20)), tag, 200, true);
}

// --- MT systems and verifiers ---------------------------------------------------------------

void ExampleStore::saveMtSystem(const translate::MtSystemConfig &system)
{
    checkConfig<translate::TranslateError>(system, QStringLiteral("MT system"));
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO mt_systems(name, kind, settings_json, created_at) VALUES(?, ?, ?, ?) "
                                    "ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, settings_json = excluded.settings_json"));
    q.bind(0, system.name.trimmed()).bind(1, translate::mtSystemKindName(system.kind)).bind(2, toJsonObject(system.settingsJson()));
    q.bind(3, storage::utcTimestamp()).exec();
}

QVector<translate::MtSystemConfig> ExampleStore::mtSystems()
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT name, kind, settings_json FROM mt_systems WHERE enabled = 1 ORDER BY id"));
    q.exec();
    return readConfigs<translate::TranslateError>(m_db, q, [](storage::SqlQuery &row) {
        return translate::MtSystemConfig::fromSettingsJson(row.value(0).toString(), translate::parseMtSystemKind(row.value(1).toString()),
                                                fromJsonObject(row.value(2).toString()));
    });
}

std::optional<translate::MtSystemConfig> ExampleStore::mtSystem(const QString &name)
{
    for (const translate::MtSystemConfig &s : mtSystems())
        if (s.name == name)
            return s;
    return std::nullopt;
}

bool ExampleStore::removeMtSystem(const QString &name)
{
    return removeNamed(m_db, QStringLiteral("mt_systems"), name);
}

void ExampleStore::saveVerifier(const VerifierConfig &verifier)
{
    checkConfig<VerifyError>(verifier, QStringLiteral("verifier"));
    const QString name = verifier.name.trimmed();
    const QString settings = toJsonObject(verifier.settingsJson());
    storage::Transaction transaction(m_db);
    storage::SqlQuery old(m_db, QStringLiteral("SELECT settings_json FROM verifiers WHERE name = ?"));
    old.bind(0, name).exec();
    if (old.next() && old.value(0).toString() != settings) {
        // Another endpoint, model or prompt is another judge: its earlier verdicts no longer hold.
        storage::SqlQuery drop(m_db, QStringLiteral("DELETE FROM verdicts WHERE verifier = ?"));
        drop.bind(0, name).exec();
    }
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO verifiers(name, settings_json, created_at) VALUES(?, ?, ?) "
                                    "ON CONFLICT(name) DO UPDATE SET settings_json = excluded.settings_json"));
    q.bind(0, name).bind(1, settings).bind(2, storage::utcTimestamp()).exec();
    transaction.commit();
}

QVector<VerifierConfig> ExampleStore::verifiers()
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT name, settings_json FROM verifiers WHERE enabled = 1 ORDER BY id"));
    q.exec();
    return readConfigs<VerifyError>(m_db, q, [](storage::SqlQuery &row) {
        return VerifierConfig::fromSettingsJson(row.value(0).toString(), fromJsonObject(row.value(1).toString()));
    });
}

bool ExampleStore::removeVerifier(const QString &name)
{
    return removeNamed(m_db, QStringLiteral("verifiers"), name);
}

// --- examples ---------------------------------------------------------------------------------

qint64 ExampleStore::addExample(const ChallengeExample &example)
{
    example.validate();
    storage::Transaction transaction(m_db);
    const QString now = storage::utcTimestamp();
    storage::SqlQuery q(m_db, QStringLiteral(
                         "INSERT INTO examples(ltb_id, status, author, source_lang, source_lang_iso, target_lang, target_lang_iso, "
                         "source_text, instructions, context_note, attribution, reference, linguistics_json, tags_json, "
                         "created_at, updated_at) VALUES(?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.bind(0, example.ltbId).bind(1, example.author).bind(2, example.sourceLanguage.trimmed()).bind(3, example.sourceLanguageIso);
    q.bind(4, example.targetLanguage.trimmed()).bind(5, example.targetLanguageIso).bind(6, example.sourceText);
    q.bind(7, example.instructions).bind(8, example.contextNote).bind(9, example.attribution).bind(10, example.reference);
    q.bind(11, toJsonArray(example.linguistics)).bind(12, toJsonArray(example.tags)).bind(13, now).bind(14, now).exec();
    const qint64 id = q.lastInsertId();
    addEvent(id, QStringLiteral("created"), {}, QStringLiteral("draft"), example.author, {});
    transaction.commit();
    return id;
}

void ExampleStore::updateExample(const ChallengeExample &example)
{
    example.validate();
    storage::Transaction transaction(m_db);
    const ChallengeExample stored = requireExample(example.id);
    if (!isEditable(stored.status))
        throw storage::StoreError(QStringLiteral("example %1 is %2; only drafts and returned examples can be edited")
                             .arg(example.id)
                             .arg(exampleStatusName(stored.status)));
    storage::SqlQuery q(m_db, QStringLiteral("UPDATE examples SET source_lang = ?, source_lang_iso = ?, target_lang = ?, target_lang_iso = ?, "
                                    "source_text = ?, instructions = ?, context_note = ?, attribution = ?, reference = ?, "
                                    "linguistics_json = ?, tags_json = ?, updated_at = ? WHERE id = ?"));
    q.bind(0, example.sourceLanguage.trimmed()).bind(1, example.sourceLanguageIso).bind(2, example.targetLanguage.trimmed());
    q.bind(3, example.targetLanguageIso).bind(4, example.sourceText).bind(5, example.instructions).bind(6, example.contextNote);
    q.bind(7, example.attribution).bind(8, example.reference).bind(9, toJsonArray(example.linguistics));
    q.bind(10, toJsonArray(example.tags)).bind(11, storage::utcTimestamp()).bind(12, example.id).exec();
    // Verdicts are about the source text too: a new source invalidates LLM verdicts.
    if (stored.sourceText != example.sourceText) {
        storage::SqlQuery drop(m_db, QStringLiteral("DELETE FROM verdicts WHERE verifier <> '' AND rule_id IN "
                                           "(SELECT id FROM example_rules WHERE example_id = ?)"));
        drop.bind(0, example.id).exec();
    }
    transaction.commit();
}

std::optional<ChallengeExample> ExampleStore::example(qint64 id)
{
    storage::SqlQuery q(m_db, QLatin1String(exampleColumns) + QLatin1String("WHERE id = ?"));
    q.bind(0, id).exec();
    if (!q.next())
        return std::nullopt;
    return readExample(q);
}

ChallengeExample ExampleStore::requireExample(qint64 id)
{
    auto e = example(id);
    if (!e)
        throw storage::StoreError(QStringLiteral("%1: there is no example %2").arg(core::argText(m_db.path()), core::argText(id)));
    return *e;
}

QVector<ChallengeExample> ExampleStore::examples(std::optional<ExampleStatus> status)
{
    storage::SqlQuery q(m_db, QLatin1String(exampleColumns) + (status ? QLatin1String("WHERE status = ? ORDER BY id") : QLatin1String("ORDER BY id")));
    if (status)
        q.bind(0, exampleStatusName(*status));
    q.exec();
    QVector<ChallengeExample> list;
    while (q.next())
        list.append(readExample(q));
    return list;
}

bool ExampleStore::removeExample(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM examples WHERE id = ?"));
    q.bind(0, id).exec();
    return q.rowsAffected() > 0;
}

// --- rules ----------------------------------------------------------------------------------------

QVector<StoredRule> ExampleStore::rules(qint64 exampleId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, kind, text, options_json FROM example_rules WHERE example_id = ? ORDER BY position, id"));
    q.bind(0, exampleId).exec();
    QVector<StoredRule> list;
    while (q.next()) {
        try {
            list.append({q.value(0).toLongLong(), ruleFromRow(q.value(1).toString(), q.value(2).toString(), q.value(3).toString())});
        } catch (const VerifyError &e) {
            throw storage::StoreError(QStringLiteral("%1: rule %2: %3").arg(core::argText(m_db.path()), core::argText(q.value(0).toLongLong()), core::argText(QString::fromStdString(e.what()))));
        }
    }
    return list;
}

void ExampleStore::setRules(qint64 exampleId, const QVector<VerificationRule> &newRules, const QString &author)
{
    if (newRules.size() > MaxRulesPerExample)
        throw storage::StoreError(QStringLiteral("example %1: %2 rules; at most %3 are allowed").arg(exampleId).arg(newRules.size()).arg(MaxRulesPerExample));
    for (int i = 0; i < newRules.size(); ++i) {
        try {
            newRules[i].validate();
        } catch (const VerifyError &e) {
            throw storage::StoreError(QStringLiteral("rule %1: %2").arg(i + 1).arg(QString::fromStdString(e.what())));
        }
    }
    storage::Transaction transaction(m_db);
    const ChallengeExample stored = requireExample(exampleId);
    if (!isEditable(stored.status))
        throw storage::StoreError(QStringLiteral("example %1 is %2; its rules cannot change").arg(exampleId).arg(exampleStatusName(stored.status)));
    QVector<StoredRule> existing = rules(exampleId);
    QVector<bool> kept(existing.size(), false);
    storage::SqlQuery move(m_db, QStringLiteral("UPDATE example_rules SET position = ? WHERE id = ?"));
    storage::SqlQuery insert(m_db, QStringLiteral("INSERT INTO example_rules(example_id, position, kind, text, options_json) VALUES(?, ?, ?, ?, ?)"));
    for (int p = 0; p < newRules.size(); ++p) {
        int match = -1;
        for (int i = 0; i < existing.size() && match < 0; ++i)
            if (!kept[i] && existing[i].rule.cacheKey() == newRules[p].cacheKey())
                match = i;
        if (match >= 0) {
            kept[match] = true;
            move.bind(0, p).bind(1, existing[match].id).exec();
        } else {
            insert.bind(0, exampleId).bind(1, p).bind(2, ruleKindName(newRules[p].kind)).bind(3, newRules[p].text);
            insert.bind(4, toJsonObject(newRules[p].optionsJson())).exec();
        }
    }
    storage::SqlQuery remove(m_db, QStringLiteral("DELETE FROM example_rules WHERE id = ?"));
    QStringList changes;
    for (int i = 0; i < existing.size(); ++i)
        if (!kept[i]) {
            remove.bind(0, existing[i].id).exec();
            changes << QStringLiteral("removed %1 rule \"%2\"").arg(ruleKindName(existing[i].rule.kind), existing[i].rule.text);
        }
    for (const VerificationRule &r : newRules)
        if (std::none_of(existing.begin(), existing.end(), [&](const StoredRule &e) { return e.rule.cacheKey() == r.cacheKey(); }))
            changes << QStringLiteral("added %1 rule \"%2\"").arg(ruleKindName(r.kind), r.text);
    if (!changes.isEmpty())
        addEvent(exampleId, QStringLiteral("rules"), QString::number(existing.size()), QString::number(newRules.size()), author,
                 changes.join(QStringLiteral("; ")));
    storage::SqlQuery touch(m_db, QStringLiteral("UPDATE examples SET updated_at = ? WHERE id = ?"));
    touch.bind(0, storage::utcTimestamp()).bind(1, exampleId).exec();
    transaction.commit();
}

void ExampleStore::insertRules(qint64 exampleId, const QVector<VerificationRule> &list)
{
    storage::SqlQuery insert(m_db, QStringLiteral("INSERT INTO example_rules(example_id, position, kind, text, options_json) VALUES(?, ?, ?, ?, ?)"));
    for (int p = 0; p < list.size(); ++p) {
        insert.bind(0, exampleId).bind(1, p).bind(2, ruleKindName(list[p].kind)).bind(3, list[p].text);
        insert.bind(4, toJsonObject(list[p].optionsJson())).exec();
    }
}

// --- translations ---------------------------------------------------------------------------------

QVector<StoredTranslation> ExampleStore::translations(qint64 exampleId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, system_name, system_kind, text, error, created_at FROM example_translations "
                                    "WHERE example_id = ? ORDER BY system_name COLLATE NOCASE, system_name"));
    q.bind(0, exampleId).exec();
    QVector<StoredTranslation> list;
    while (q.next())
        list.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                     q.value(4).toString(), q.value(5).toString()});
    return list;
}

void ExampleStore::setTranslation(qint64 exampleId, const QString &system, const QString &systemKind, const QString &text,
                                  const QString &error)
{
    checkText(QStringLiteral("MT system name"), system, 100, true);
    if (const QString problem = core::nameProblem(system, 100); !problem.isEmpty())
        throw storage::StoreError(QStringLiteral("the MT system name %1").arg(problem));
    checkText(QStringLiteral("translation of %1").arg(system), text, MaxTranslationLength, false);
    storage::Transaction transaction(m_db);
    const ChallengeExample stored = requireExample(exampleId);
    if (!isEditable(stored.status))
        throw storage::StoreError(QStringLiteral("example %1 is %2; its translations cannot change").arg(exampleId).arg(exampleStatusName(stored.status)));
    // Only outputs with text take one of the MaxMtSystemsPerExample places: a system that failed
    // (an error and no text) neither counts nor keeps a working one out.
    const QVector<StoredTranslation> existing = translations(exampleId);
    const auto others = std::count_if(existing.begin(), existing.end(),
                                      [&](const StoredTranslation &t) { return t.system != system && !t.text.isEmpty(); });
    if (!text.isEmpty() && others >= translate::MaxMtSystemsPerExample)
        throw storage::StoreError(QStringLiteral("example %1 already has outputs of %2 MT systems; at most %2 are allowed (remove one first)")
                             .arg(exampleId)
                             .arg(translate::MaxMtSystemsPerExample));
    // An error keeps the source the earlier output translated: the output itself stays.
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO example_translations(example_id, system_name, system_kind, text, error, created_at, source_text) "
                                    "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(example_id, system_name) DO UPDATE SET "
                                    "system_kind = excluded.system_kind, text = excluded.text, error = excluded.error, "
                                    "created_at = excluded.created_at, source_text = excluded.source_text"));
    q.bind(0, exampleId).bind(1, system).bind(2, systemKind).bind(3, text).bind(4, error).bind(5, storage::utcTimestamp()).bind(6, stored.sourceText).exec();
    transaction.commit();
}

bool ExampleStore::removeTranslation(qint64 exampleId, const QString &system)
{
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM example_translations WHERE example_id = ? AND system_name = ?"));
    q.bind(0, exampleId).bind(1, system).exec();
    return q.rowsAffected() > 0;
}

// --- verdicts -----------------------------------------------------------------------------------

VerdictCache ExampleStore::verdicts(qint64 exampleId)
{
    // Verdicts made for an earlier source text are stale: left out, so the matrix shows them
    // unknown and verify asks them again (issue 19).
    storage::SqlQuery q(m_db, QStringLiteral("SELECT r.kind, r.text, r.options_json, v.verifier, v.translation, v.verdict, v.raw_reply, v.created_at "
                                    "FROM verdicts v JOIN example_rules r ON r.id = v.rule_id JOIN examples e ON e.id = r.example_id "
                                    "WHERE r.example_id = ? AND (v.source_text IS NULL OR v.source_text = e.source_text)"));
    q.bind(0, exampleId).exec();
    VerdictCache cache;
    while (q.next()) {
        try {
            const VerificationRule rule = ruleFromRow(q.value(0).toString(), q.value(1).toString(), q.value(2).toString());
            cache.insert(rule, q.value(3).toString(), q.value(4).toString(),
                         VerdictRecord{parseVerdictName(q.value(5).toString()), q.value(6).toString(), {}, q.value(7).toString()});
        } catch (const VerifyError &e) {
            throw storage::StoreError(QStringLiteral("%1: example %2: %3").arg(core::argText(m_db.path()), core::argText(exampleId), core::argText(QString::fromStdString(e.what()))));
        }
    }
    return cache;
}

int ExampleStore::saveVerdicts(qint64 exampleId, const VerdictCache &cache)
{
    storage::Transaction transaction(m_db);
    const int written = writeVerdicts(exampleId, cache);
    transaction.commit();
    return written;
}

int ExampleStore::writeVerdicts(qint64 exampleId, const VerdictCache &cache)
{
    QHash<QString, qint64> ruleIds;
    for (const StoredRule &r : rules(exampleId))
        ruleIds.insert(r.rule.cacheKey(), r.id);
    storage::SqlQuery q(m_db, QStringLiteral("INSERT OR REPLACE INTO verdicts(rule_id, verifier, translation, verdict, raw_reply, created_at, source_text) "
                                    "VALUES(?, ?, ?, ?, ?, ?, ?)"));
    int written = 0;
    const QString now = storage::utcTimestamp();
    const QString source = requireExample(exampleId).sourceText;
    for (const VerdictEntry &entry : cache.entries()) {
        const auto id = ruleIds.constFind(entry.ruleKey);
        if (id == ruleIds.constEnd() || !entry.record.isFinal())
            continue;
        q.bind(0, *id).bind(1, entry.verifier).bind(2, entry.translation).bind(3, verdictName(entry.record.verdict));
        q.bind(4, entry.record.rawReply).bind(5, now).bind(6, source).exec();
        ++written;
    }
    return written;
}

ExampleAssessment ExampleStore::assess(qint64 exampleId)
{
    const ChallengeExample e = requireExample(exampleId);
    QVector<VerificationRule> ruleList;
    for (const StoredRule &r : rules(exampleId))
        ruleList.append(r.rule);
    QVector<QPair<QString, QString>> outputs;
    for (const StoredTranslation &t : translations(exampleId))
        outputs.append({t.system, t.text});
    QStringList verifierNames;
    for (const VerifierConfig &v : verifiers())
        verifierNames << v.name;
    storage::SqlQuery others(m_db, QStringLiteral("SELECT DISTINCT v.verifier FROM verdicts v JOIN example_rules r ON r.id = v.rule_id "
                                         "WHERE r.example_id = ? AND v.verifier <> '' ORDER BY v.verifier"));
    others.bind(0, exampleId).exec();
    while (others.next())
        if (!verifierNames.contains(others.value(0).toString()))
            verifierNames << others.value(0).toString();
    ExampleAssessment a;
    a.fromRelease = !e.ltbId.isEmpty();
    a.matrix = buildVerdictMatrix(ruleList, e.reference, outputs, verifierNames, verdicts(exampleId),
                                  VerdictOverrideStore(m_db).overrides(exampleId));
    a.gate = evaluateGate(a.matrix);
    // Outputs of an earlier source text (the source was edited since): the gate cannot hold on
    // them until they are translated again (issue 19).
    storage::SqlQuery stale(m_db, QStringLiteral("SELECT system_name FROM example_translations WHERE example_id = ? AND text <> '' "
                                        "AND source_text IS NOT NULL AND source_text <> ? ORDER BY id"));
    stale.bind(0, exampleId).bind(1, e.sourceText).exec();
    QStringList staleSystems;
    while (stale.next())
        staleSystems << stale.value(0).toString();
    if (!staleSystems.isEmpty()) {
        a.gate.staleOutputs = int(staleSystems.size());
        a.gate.explanation << QStringLiteral("%1 MT output(s) translate an earlier version of the source (%2): translate again "
                                             "(or remove them) before the gate can hold.")
                                  .arg(core::argText(staleSystems.size()), core::argText(staleSystems.join(QStringLiteral(", "))));
        if (a.gate.state == GateResult::State::Holds)
            a.gate.state = GateResult::State::Undecided;
    }
    a.agreement = verifierAgreement(a.matrix, int(verifierNames.size()));
    return a;
}

// --- review ---------------------------------------------------------------------------------------

void ExampleStore::addEvent(qint64 exampleId, const QString &kind, const QString &from, const QString &to,
                            const QString &author, const QString &comment)
{
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO example_events(example_id, kind, from_status, to_status, author, comment, created_at) "
                                    "VALUES(?, ?, ?, ?, ?, ?, ?)"));
    q.bind(0, exampleId).bind(1, kind).bind(2, from).bind(3, to).bind(4, author).bind(5, comment).bind(6, storage::utcTimestamp()).exec();
}

void ExampleStore::changeStatus(qint64 id, ExampleStatus from1, std::optional<ExampleStatus> from2, ExampleStatus to,
                                const QString &author, const QString &comment)
{
    checkText(QStringLiteral("comment"), comment, MaxExampleFieldLength, false);
    storage::Transaction transaction(m_db);
    const ChallengeExample e = requireExample(id);
    if (e.status != from1 && (!from2 || e.status != *from2))
        throw storage::StoreError(QStringLiteral("example %1 is %2; it cannot become %3")
                             .arg(core::argText(id), core::argText(exampleStatusName(e.status)), core::argText(exampleStatusName(to))));
    storage::SqlQuery q(m_db, QStringLiteral("UPDATE examples SET status = ?, updated_at = ? WHERE id = ?"));
    q.bind(0, exampleStatusName(to)).bind(1, storage::utcTimestamp()).bind(2, id).exec();
    addEvent(id, QStringLiteral("status"), exampleStatusName(e.status), exampleStatusName(to), author, comment);
    transaction.commit();
}

void ExampleStore::submit(qint64 exampleId, const QString &author)
{
    const ExampleAssessment a = assess(exampleId);
    if (!a.gate.holds())
        throw storage::StoreError(QStringLiteral("example %1 cannot be submitted: the acceptance gate %2. %3")
                             .arg(exampleId)
                             .arg(gateStateName(a.gate.state), a.gate.explanation.join(u' ')));
    changeStatus(exampleId, ExampleStatus::Draft, ExampleStatus::Returned, ExampleStatus::Submitted, author, {});
}

void ExampleStore::accept(qint64 exampleId, const QString &reviewer, const QString &comment)
{
    // Review means a second person (issue 19): the author may accept their own example only with
    // a reason, which the history keeps.
    const std::optional<ChallengeExample> e = example(exampleId);
    if (e && !e->author.trimmed().isEmpty() && e->author.trimmed() == reviewer.trimmed() && comment.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("example %1 was written by %2: another reviewer accepts it, or %2 gives a reason "
                                        "(--comment) that is stored in its history")
                             .arg(exampleId)
                             .arg(reviewer));
    changeStatus(exampleId, ExampleStatus::Submitted, std::nullopt, ExampleStatus::Accepted, reviewer, comment);
}

void ExampleStore::returnExample(qint64 exampleId, const QString &reviewer, const QString &comment)
{
    if (comment.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("returning example %1 needs a comment saying what to fix").arg(exampleId));
    changeStatus(exampleId, ExampleStatus::Submitted, std::nullopt, ExampleStatus::Returned, reviewer, comment);
}

void ExampleStore::comment(qint64 exampleId, const QString &author, const QString &text)
{
    checkText(QStringLiteral("comment"), text, MaxExampleFieldLength, true);
    storage::Transaction transaction(m_db);
    requireExample(exampleId);
    addEvent(exampleId, QStringLiteral("comment"), {}, {}, author, text);
    transaction.commit();
}

QVector<ExampleEvent> ExampleStore::history(qint64 exampleId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, kind, from_status, to_status, author, comment, created_at FROM example_events "
                                    "WHERE example_id = ? ORDER BY id"));
    q.bind(0, exampleId).exec();
    QVector<ExampleEvent> list;
    while (q.next())
        list.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                     q.value(4).toString(), q.value(5).toString(), q.value(6).toString()});
    return list;
}

QVector<QPair<QString, int>> ExampleStore::acceptedCounts()
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT author, count(*) FROM examples WHERE status = 'accepted' GROUP BY author "
                                    "ORDER BY count(*) DESC, author"));
    q.exec();
    QVector<QPair<QString, int>> list;
    while (q.next())
        list.append({q.value(0).toString(), q.value(1).toInt()});
    return list;
}

QVector<qint64> ExampleStore::importExamples(const QVector<ExampleBundle> &bundles, QVector<qint64> *alreadyThere)
{
    for (int b = 0; b < bundles.size(); ++b) {
        const ExampleBundle &bundle = bundles[b];
        const QString which = QStringLiteral("example %1%2")
                                  .arg(b + 1)
                                  .arg(bundle.example.ltbId.isEmpty() ? QString() : QStringLiteral(" (id %1)").arg(bundle.example.ltbId));
        try {
            bundle.example.validate();
            if (bundle.rules.size() > MaxRulesPerExample)
                throw storage::StoreError(QStringLiteral("%1 rules; at most %2 are allowed").arg(bundle.rules.size()).arg(MaxRulesPerExample));
            for (int i = 0; i < bundle.rules.size(); ++i) {
                try {
                    bundle.rules[i].validate();
                } catch (const VerifyError &e) {
                    throw storage::StoreError(QStringLiteral("rule %1: %2").arg(i + 1).arg(QString::fromStdString(e.what())));
                }
            }
            for (const StoredTranslation &t : bundle.translations) {
                checkText(QStringLiteral("MT system name"), t.system, 100, true);
                checkText(QStringLiteral("translation of %1").arg(t.system), t.text, MaxTranslationLength, false);
            }
        } catch (const storage::StoreError &e) {
            throw storage::StoreError(QStringLiteral("%1: %2").arg(which, QString::fromStdString(e.what())));
        }
    }
    storage::Transaction transaction(m_db);
    QVector<qint64> ids;
    const QString now = storage::utcTimestamp();
    storage::SqlQuery q(m_db, QStringLiteral(
                         "INSERT INTO examples(ltb_id, status, author, source_lang, source_lang_iso, target_lang, target_lang_iso, "
                         "source_text, instructions, context_note, attribution, reference, linguistics_json, tags_json, "
                         "created_at, updated_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    storage::SqlQuery t(m_db, QStringLiteral("INSERT INTO example_translations(example_id, system_name, system_kind, text, error, created_at) "
                                    "VALUES(?, ?, ?, ?, ?, ?)"));
    // An example already in the project (same release id, source, reference and rules) is
    // skipped: importing a release twice duplicated every example (issue 32).
    const auto existing = [&](const ExampleBundle &bundle) -> qint64 {
        storage::SqlQuery find(m_db, QStringLiteral("SELECT id FROM examples WHERE ltb_id = ? AND source_text = ? AND reference = ?"));
        find.bind(0, bundle.example.ltbId).bind(1, bundle.example.sourceText).bind(2, bundle.example.reference).exec();
        QVector<qint64> candidates;
        while (find.next())
            candidates.append(find.value(0).toLongLong());
        QStringList wanted;
        for (const VerificationRule &r : bundle.rules)
            wanted << r.cacheKey();
        for (qint64 id : std::as_const(candidates)) {
            QStringList have;
            for (const StoredRule &r : rules(id))
                have << r.rule.cacheKey();
            if (have == wanted)
                return id;
        }
        return 0;
    };
    for (const ExampleBundle &bundle : bundles) {
        const ChallengeExample &example = bundle.example;
        if (const qint64 there = existing(bundle)) {
            if (alreadyThere)
                alreadyThere->append(there);
            continue;
        }
        q.bind(0, example.ltbId).bind(1, exampleStatusName(example.status)).bind(2, example.author).bind(3, example.sourceLanguage);
        q.bind(4, example.sourceLanguageIso).bind(5, example.targetLanguage).bind(6, example.targetLanguageIso);
        q.bind(7, example.sourceText).bind(8, example.instructions).bind(9, example.contextNote).bind(10, example.attribution);
        q.bind(11, example.reference).bind(12, toJsonArray(example.linguistics)).bind(13, toJsonArray(example.tags));
        q.bind(14, example.createdAt.isEmpty() ? now : example.createdAt).bind(15, now).exec();
        const qint64 id = q.lastInsertId();
        insertRules(id, bundle.rules);
        for (const StoredTranslation &tr : bundle.translations) {
            t.bind(0, id).bind(1, tr.system).bind(2, tr.systemKind.isEmpty() ? QStringLiteral("manual") : tr.systemKind);
            t.bind(3, tr.text).bind(4, tr.error).bind(5, now).exec();
        }
        writeVerdicts(id, bundle.verdicts);
        VerdictOverrideStore(m_db).restoreWithin(id, bundle.overrides);
        addEvent(id, QStringLiteral("created"), {}, exampleStatusName(example.status), example.author, QStringLiteral("imported"));
        ids.append(id);
    }
    transaction.commit();
    return ids;
}

}  // namespace gauntlet::verify
