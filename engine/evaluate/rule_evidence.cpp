#include "engine/evaluate/rule_evidence.h"

#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/store/database.h"
#include "engine/store/store_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gauntlet::evaluate {

ExampleRuleEvidence ruleFormEvidence(storage::Database &db, qint64 exampleId, const QStringList &ruleTexts)
{
    ExampleRuleEvidence evidence;
    evidence.ruleTexts = ruleTexts;
    evidence.rules.resize(ruleTexts.size());
    storage::SqlQuery q(db, QStringLiteral("SELECT c.name, i.item_json, a.answer_json, a.annotator FROM campaign_answers a "
                                  "JOIN campaigns c ON c.id = a.campaign_id "
                                  "JOIN campaign_items i ON i.campaign_id = a.campaign_id AND i.item_key = a.item_key "
                                  "WHERE a.item_key = ? ORDER BY c.id, a.annotator, a.stage"));
    q.bind(0, QStringLiteral("example:%1").arg(exampleId)).exec();
    while (q.next()) {
        const QString campaign = q.value(0).toString();
        const QStringList asked = [&] {
            QStringList list;
            for (const QJsonValue &v : QJsonDocument::fromJson(q.value(1).toString().toUtf8()).object().value(QStringLiteral("rules")).toArray())
                list << v.toString();
            return list;
        }();
        Answer answer;
        try {
            answer = answerFromJson(QJsonDocument::fromJson(q.value(2).toString().toUtf8()).object(),
                                    QStringLiteral("campaign '%1', annotator %2").arg(campaign, q.value(3).toString()));
        } catch (const EvaluateError &e) {
            throw storage::StoreError(QString::fromUtf8(e.what()));
        }
        bool any = false;
        for (int r = 0; r < answer.rules.size() && r < asked.size(); ++r) {
            const int index = int(ruleTexts.indexOf(asked[r]));
            if (index < 0 || !answer.rules[r])
                continue;
            RuleFormCounts &counts = evidence.rules[index];
            switch (*answer.rules[r]) {
            case RuleVerdict::Realistic:
                ++counts.realistic;
                break;
            case RuleVerdict::TooStrict:
                ++counts.tooStrict;
                break;
            case RuleVerdict::NotSure:
                ++counts.notSure;
                break;
            }
            any = true;
        }
        if (answer.incorrectCouldPass) {
            ++(*answer.incorrectCouldPass ? evidence.incorrectCouldPassYes : evidence.incorrectCouldPassNo);
            any = true;
        }
        if (any && !evidence.campaigns.contains(campaign))
            evidence.campaigns << campaign;
    }
    return evidence;
}

}  // namespace gauntlet::evaluate
