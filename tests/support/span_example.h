// The span-agreement worked example of tests/evaluate/tst_span_agreement.cpp as a finished ESA
// campaign, shared by the CLI and GUI tests that build on it (interop, adjudication).
//
// "Größe ändert 🚗 nichts" by code point: G0 r1 ö2 ß3 e4 _5 ä6 n7 d8 e9 r10 t11 _12 🚗13 _14 n15
// i16 c17 h18 t19 s20. anna, ben and cleo annotate item i1; anna and ben item i2.
#pragma once

#include "engine/evaluate/annotation.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/wmt_esa.h"

namespace gauntlet::testing {

inline evaluate::ErrorSpan span(int start, int end, evaluate::Severity severity)
{
    return {start, end, severity, false};
}

/// A stage-1 answer of system "sys" with `score` and `spans`, saved at a time that depends on the
/// score (so answers sort deterministically).
inline evaluate::StoredAnswer storedAnswer(const QString &key, int score, QVector<evaluate::ErrorSpan> spans, qint64 elapsedMs = 1000)
{
    evaluate::StoredAnswer a;
    a.itemKey = key;
    a.systemOrder = {0};
    a.answer.stage = 1;
    a.answer.elapsedMs = elapsedMs;
    a.answer.judgements = {evaluate::TranslationJudgement{QStringLiteral("sys"), score, spans}};
    a.savedAt = QStringLiteral("2026-01-02T03:04:%1.250Z").arg(10 + score % 50);
    return a;
}

inline evaluate::ImportedCampaign spanExample()
{
    using evaluate::ErrorSpan;
    using evaluate::Severity;
    evaluate::ImportedCampaign ic;
    evaluate::Campaign &c = ic.campaign;
    c.name = QStringLiteral("spans");
    c.protocol = evaluate::Protocol::Esa;
    c.sourceLanguage = QStringLiteral("en");
    c.targetLanguage = QStringLiteral("de");
    evaluate::CampaignItem one;
    one.key = QStringLiteral("i1");
    one.source = QStringLiteral("Size changes nothing");
    one.translations = {{QStringLiteral("sys"), QStringLiteral("Größe ändert \U0001F697 nichts")}};
    evaluate::CampaignItem two;
    two.key = QStringLiteral("i2");
    two.source = QStringLiteral("A short sentence.");
    two.translations = {{QStringLiteral("sys"), QStringLiteral("Ein kurzer Satz.")}};
    c.items = {one, two};
    ic.answers[QStringLiteral("anna")] = {
        storedAnswer(QStringLiteral("i1"), 40, {span(0, 4, Severity::Minor), span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Major)}),
        storedAnswer(QStringLiteral("i2"), 90, {})};
    ic.answers[QStringLiteral("ben")] = {storedAnswer(QStringLiteral("i1"), 50, {span(0, 4, Severity::Major), span(15, 20, Severity::Minor)}),
                                         storedAnswer(QStringLiteral("i2"), 80, {span(4, 9, Severity::Minor)})};
    ic.answers[QStringLiteral("cleo")] = {
        storedAnswer(QStringLiteral("i1"), 30, {span(2, 4, Severity::Minor), span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Minor)})};
    return ic;
}

}  // namespace gauntlet::testing
