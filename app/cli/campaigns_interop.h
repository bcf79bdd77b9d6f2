// Parts of `gauntlet campaigns` kept apart from app/cli/campaigns_command.cpp: span agreement in
// `stats` (text and --json), paper tables (`results --format latex|typst|markdown`) and the
// Pearmut / Appraise file exchange (campaigns_interop_command.cpp).
#pragma once

#include "app/cli/command.h"

#include "engine/evaluate/campaign_results.h"

#include <QJsonArray>
#include <QJsonObject>

namespace gauntlet::cli {

/// Span agreement (engine/evaluate/span_agreement.h) per stage as tab-separated lines:
/// "span_agreement <stage> units N", a header line, one "span_pair" line per annotator pair and
/// one "span_overall" line.
void printSpanAgreement(Context &ctx, const evaluate::Campaign &campaign, const QVector<evaluate::RatedItem> &rated);

/// Everything `campaigns stats` prints, as one JSON object (for --json).
QJsonObject statsJson(const evaluate::Campaign &campaign, const QVector<evaluate::RatedItem> &rated,
                      const evaluate::CampaignResults &results);

/// `gauntlet campaigns results CAMPAIGN --format latex|typst|markdown [--output FILE]
/// [--significance P] [--decimals N] [--label TEXT]`: the paper table (engine/evaluate/
/// results_table.h) on standard output or into FILE. Returns an ExitCode.
int campaignsPaperTable(Context &ctx, const QStringList &args);

/// Whether `args` (of `campaigns results`) ask for a paper table (--format given).
bool wantsPaperTable(const QStringList &args);

/// `campaigns import-pearmut FILE [--name NAME]`: a Pearmut campaign file as a new campaign.
int campaignsImportPearmut(Context &ctx, const QStringList &args);
/// `campaigns import-pearmut-results FILE --name NAME [--protocol esa|cesa]`: Pearmut result
/// JSONL as a finished campaign.
int campaignsImportPearmutResults(Context &ctx, const QStringList &args);
/// `campaigns export-pearmut CAMPAIGN FILE`: every stored answer as Pearmut result JSONL.
int campaignsExportPearmut(Context &ctx, const QStringList &args);
/// `campaigns import-appraise FILE... [--name PREFIX]`: Appraise ESA/MQM scores CSV files as
/// finished campaigns, one per language pair.
int campaignsImportAppraise(Context &ctx, const QStringList &args);
/// `campaigns export-appraise CAMPAIGN FILE`: every stored answer as an Appraise scores CSV.
int campaignsExportAppraise(Context &ctx, const QStringList &args);

/// `campaigns adjudicate CAMPAIGN --item KEY --system NAME [--stage N] [--show] --adjudicator NAME
/// [--accept-from A] [--merge-group N:union|intersection] [--add START-END[:SEVERITY]]
/// [--reject START-END|missing] [--score N | --score-from A]`: stores one adjudicated judgement
/// (engine/evaluate/adjudication.h) and prints its provenance line (campaigns_adjudicate_command.cpp).
int campaignsAdjudicate(Context &ctx, const QStringList &args);
/// `campaigns adjudications CAMPAIGN [--json]`: every stored adjudication with provenance.
int campaignsAdjudications(Context &ctx, const QStringList &args);

/// The error typology of `campaigns create --protocol mqm` (campaigns_mqm.cpp): the categories
/// file `categoriesFile` (mqm_typology.h parseMqmTypology) when given, else the project taxonomy
/// or bundled one named `taxonomy` (its category paths, standard weights) when given, else MQM
/// core. Throws EvaluateError / SamplingError / StoreError naming the file or taxonomy.
evaluate::MqmTypology mqmTypologyFor(Context &ctx, const QString &categoriesFile, const QString &taxonomy);

/// The MQM lines of `campaigns stats` (stage 1, the campaign's weights): "mqm" per system with
/// score and spans per item by severity, then "mqm_category" / "mqm_top_level" lines with span
/// counts per system and category. Campaigns without an error typology print the ESA-style
/// "mqm_style" lines only.
void printMqm(Context &ctx, const evaluate::Campaign &campaign, const QVector<evaluate::RatedItem> &rated);
/// The same as JSON: a list of systems with score, per-item severities and counts per category.
QJsonArray mqmJson(const evaluate::Campaign &campaign, const QVector<evaluate::RatedItem> &rated);

}  // namespace gauntlet::cli
