// Hugging Face config.json -> typed configs, on the shared fixtures (values as make_fixtures.py
// writes them; committed in tests/data/nn/fixtures) and the published XLM-R configs, plus malformed
// configs.
#include "tests/support/test_main.h"
#include "engine/io/hf_config.h"

#include "tests/io/io_test_support.h"

using namespace gauntlet::io;
using nlohmann::json;

namespace {

// ENC_CFG and QWEN_CFG of ../shared/tools/reference/make_fixtures.py.
const json kEncoder = {{"model_type", "xlm-roberta"}, {"architectures", {"XLMRobertaModel"}}, {"vocab_size", 120},
                       {"hidden_size", 32}, {"num_hidden_layers", 2}, {"num_attention_heads", 4},
                       {"intermediate_size", 64}, {"hidden_act", "gelu"}, {"max_position_embeddings", 40},
                       {"type_vocab_size", 1}, {"layer_norm_eps", 1e-5}, {"pad_token_id", 1}, {"bos_token_id", 0},
                       {"eos_token_id", 2}};
const json kQwen = {{"model_type", "qwen2"}, {"architectures", {"Qwen2ForCausalLM"}}, {"vocab_size", 150},
                    {"hidden_size", 32}, {"num_hidden_layers", 2}, {"num_attention_heads", 4},
                    {"num_key_value_heads", 2}, {"intermediate_size", 64}, {"hidden_act", "silu"},
                    {"max_position_embeddings", 64}, {"rms_norm_eps", 1e-6}, {"rope_theta", 10000.0},
                    {"tie_word_embeddings", true}, {"bos_token_id", 148}, {"eos_token_id", 149}};

json with(json base, const std::string &key, const json &value)
{
    if (value.is_null() && key.rfind("-", 0) == 0)
        base.erase(key.substr(1));
    else
        base[key] = value;
    return base;
}
json without(json base, const std::string &key)
{
    base.erase(key);
    return base;
}

}  // namespace

Q_DECLARE_METATYPE(json)

class TestHfConfig : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(iotest::copyFixtures(m_dir.path(), error), qPrintable(error));
    }

    void encoderFixtures_matchMakeFixtures_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<bool>("classifier");
        QTest::newRow("xlmr-classifier") << "xlmr-classifier" << true;
        QTest::newRow("sentinel") << "sentinel" << false;
    }
    void encoderFixtures_matchMakeFixtures()
    {
        QFETCH(QString, folder);
        QFETCH(bool, classifier);
        QCOMPARE(configModelType(m_dir.filePath(folder)), std::string("xlm-roberta"));
        const EncoderConfig c = loadEncoderConfig(m_dir.filePath(folder));
        QCOMPARE(c.modelType, std::string("xlm-roberta"));
        QCOMPARE(c.vocabSize, int64_t(120));
        QCOMPARE(c.hiddenSize, int64_t(32));
        QCOMPARE(c.numHiddenLayers, int64_t(2));
        QCOMPARE(c.numAttentionHeads, int64_t(4));
        QCOMPARE(c.headDim(), int64_t(8));
        QCOMPARE(c.intermediateSize, int64_t(64));
        QCOMPARE(c.maxPositionEmbeddings, int64_t(40));
        QCOMPARE(c.typeVocabSize, int64_t(1));
        QCOMPARE(c.layerNormEps, 1e-5);
        QCOMPARE(c.hiddenAct, std::string("gelu"));
        QCOMPARE(c.padTokenId, std::optional<int64_t>(1));
        QCOMPARE(c.bosTokenId, std::optional<int64_t>(0));
        QCOMPARE(c.eosTokenId, std::optional<int64_t>(2));
        if (classifier) {
            QCOMPARE(c.architectures, std::vector<std::string>{"XLMRobertaForSequenceClassification"});
            QCOMPARE(c.numLabels(), int64_t(2));
            QCOMPARE(c.id2label.at(0), std::string("unacceptable"));
            QCOMPARE(c.id2label.at(1), std::string("acceptable"));
            QCOMPARE(c.label2id.at("acceptable"), int64_t(1));
        } else {
            QCOMPARE(c.numLabels(), int64_t(0));
        }
    }

    void qwenFixtures_matchMakeFixtures_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<bool>("tied");
        QTest::newRow("qwen2-tied") << "qwen2-tied" << true;
        QTest::newRow("qwen2-untied") << "qwen2-untied" << false;
    }
    void qwenFixtures_matchMakeFixtures()
    {
        QFETCH(QString, folder);
        QFETCH(bool, tied);
        const Qwen2Config c = loadQwen2Config(m_dir.filePath(folder) + "/config.json");
        QCOMPARE(c.vocabSize, int64_t(150));
        QCOMPARE(c.hiddenSize, int64_t(32));
        QCOMPARE(c.numHiddenLayers, int64_t(2));
        QCOMPARE(c.numAttentionHeads, int64_t(4));
        QCOMPARE(c.numKeyValueHeads, int64_t(2));
        QCOMPARE(c.groupSize(), int64_t(2));
        QCOMPARE(c.headDim(), int64_t(8));
        QCOMPARE(c.intermediateSize, int64_t(64));
        QCOMPARE(c.maxPositionEmbeddings, int64_t(64));
        QCOMPARE(c.rmsNormEps, 1e-6);
        QCOMPARE(c.ropeTheta, 10000.0);
        QCOMPARE(c.tieWordEmbeddings, tied);
        QCOMPARE(c.hiddenAct, std::string("silu"));
        QCOMPARE(c.bosTokenId, std::optional<int64_t>(148));
        QCOMPARE(c.eosTokenId, std::optional<int64_t>(149));
        QVERIFY(!c.padTokenId);
    }

    void qwenDefaults_followTransformers()
    {
        // Qwen2Config defaults: num_key_value_heads = num_attention_heads, rope_theta 10000,
        // rms_norm_eps 1e-6, tie_word_embeddings false.
        json j = kQwen;
        for (const char *k : {"num_key_value_heads", "rope_theta", "rms_norm_eps", "tie_word_embeddings"})
            j.erase(k);
        const Qwen2Config c = parseQwen2Config(j, "defaults");
        QCOMPARE(c.numKeyValueHeads, int64_t(4));
        QCOMPARE(c.ropeTheta, 10000.0);
        QCOMPARE(c.rmsNormEps, 1e-6);
        QVERIFY(!c.tieWordEmbeddings);
    }

    void llamaConfig_followsLlamaConfigDefaults()
    {
        // transformers' LlamaConfig: attention_bias false, max_position_embeddings 2048; the other
        // defaults as Qwen2Config (rope_theta 10000, rms_norm_eps 1e-6, num_key_value_heads = heads).
        json j = with(kQwen, "model_type", "llama");
        for (const char *k : {"num_key_value_heads", "rope_theta", "rms_norm_eps", "max_position_embeddings"})
            j.erase(k);
        const Qwen2Config c = parseQwen2Config(j, "llama/config.json");
        QCOMPARE(c.modelType, std::string("llama"));
        QVERIFY(!c.attentionBias);
        QCOMPARE(c.maxPositionEmbeddings, int64_t(2048));
        QCOMPARE(c.numKeyValueHeads, int64_t(4));
        QCOMPARE(c.ropeTheta, 10000.0);
        QCOMPARE(c.rmsNormEps, 1e-6);
        QVERIFY(parseQwen2Config(with(j, "attention_bias", true), "llama/config.json").attentionBias);
        QVERIFY(parseQwen2Config(kQwen, "qwen/config.json").attentionBias);  // Qwen2 always has q/k/v biases
        QCOMPARE(parseQwen2Config(with(j, "rope_theta", 500000.0), "llama/config.json").ropeTheta, 500000.0);
        QCOMPARE(parseQwen2Config(with(j, "head_dim", 8), "llama/config.json").headDim(), int64_t(8));
    }

    void sentinelFolderWithoutConfig_usesPublishedXlmrLarge()
    {
        // sentinel-ckpt has hparams.yaml (pretrained_model: xlm-roberta-large) and no config.json.
        const EncoderConfig c = loadEncoderConfig(m_dir.filePath("sentinel-ckpt"));
        QCOMPARE(c.hiddenSize, int64_t(1024));
        QCOMPARE(c.numHiddenLayers, int64_t(24));
        QCOMPARE(c.numAttentionHeads, int64_t(16));
        QCOMPARE(c.intermediateSize, int64_t(4096));
        QCOMPARE(c.vocabSize, int64_t(250002));
        QCOMPARE(c.maxPositionEmbeddings, int64_t(514));
        const EncoderConfig base = xlmRobertaPreset("xlm-roberta-base");
        QCOMPARE(base.hiddenSize, int64_t(768));
        QVERIFY_THROWS_EXCEPTION(IoError, xlmRobertaPreset("bert-base"));
    }

    void malformedEncoder_throwsNamingField_data()
    {
        QTest::addColumn<json>("config");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not an object") << json::array() << "not a JSON object";
        QTest::newRow("wrong model_type") << with(kEncoder, "model_type", "bert") << "model_type";
        QTest::newRow("missing hidden_size") << without(kEncoder, "hidden_size") << "\"hidden_size\"";
        QTest::newRow("hidden_size as text") << with(kEncoder, "hidden_size", "32") << "\"hidden_size\"";
        QTest::newRow("zero layers") << with(kEncoder, "num_hidden_layers", 0) << "\"num_hidden_layers\"";
        QTest::newRow("heads do not divide") << with(kEncoder, "num_attention_heads", 5) << "not divisible";
        QTest::newRow("negative eps") << with(kEncoder, "layer_norm_eps", -1.0) << "\"layer_norm_eps\"";
        QTest::newRow("pad outside vocab") << with(kEncoder, "pad_token_id", 500) << "\"pad_token_id\"";
        QTest::newRow("eos as text") << with(kEncoder, "eos_token_id", "2") << "\"eos_token_id\"";
        QTest::newRow("id2label key") << with(kEncoder, "id2label", {{"x", "a"}}) << "id2label";
        QTest::newRow("id2label gap") << with(kEncoder, "id2label", {{"0", "a"}, {"2", "b"}}) << "id2label";
        QTest::newRow("label2id disagrees") << with(with(kEncoder, "id2label", {{"0", "a"}, {"1", "b"}}), "label2id",
                                                    {{"a", 1}, {"b", 0}})
                                             << "label2id";
        QTest::newRow("positions too few") << with(kEncoder, "max_position_embeddings", 2)
                                           << "max_position_embeddings";
    }
    void malformedEncoder_throwsNamingField()
    {
        QFETCH(json, config);
        QFETCH(QString, reason);
        const auto msg = iotest::thrownMessage<IoError>([&] { parseEncoderConfig(config, "bad/config.json"); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains("bad/config.json") && msg->contains(reason), qPrintable(*msg));
    }

    void malformedQwen_throwsNamingField_data()
    {
        QTest::addColumn<json>("config");
        QTest::addColumn<QString>("reason");
        QTest::newRow("kv heads do not divide") << with(kQwen, "num_key_value_heads", 3) << "num_key_value_heads";
        QTest::newRow("missing intermediate") << without(kQwen, "intermediate_size") << "\"intermediate_size\"";
        QTest::newRow("rope theta zero") << with(kQwen, "rope_theta", 0) << "rope_theta";
        QTest::newRow("tie as int") << with(kQwen, "tie_word_embeddings", 1) << "tie_word_embeddings";
        QTest::newRow("encoder config") << kEncoder << "model_type";
        QTest::newRow("odd head dim") << with(with(kQwen, "hidden_size", 36), "num_attention_heads", 4) << "odd";
        const json llama = with(kQwen, "model_type", "llama");
        QTest::newRow("llama rope_scaling") << with(llama, "rope_scaling", {{"rope_type", "llama3"}, {"factor", 8.0}}) << "rope_scaling";
        QTest::newRow("llama mlp_bias") << with(llama, "mlp_bias", true) << "mlp_bias";
        QTest::newRow("llama head_dim") << with(llama, "head_dim", 16) << "head_dim";
        QTest::newRow("mistral") << with(kQwen, "model_type", "mistral") << "not qwen2 or llama";
    }
    void malformedQwen_throwsNamingField()
    {
        QFETCH(json, config);
        QFETCH(QString, reason);
        const auto msg = iotest::thrownMessage<IoError>([&] { parseQwen2Config(config, "qwen/config.json"); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains("qwen/config.json") && msg->contains(reason), qPrintable(*msg));
    }

    void deeplyNested_refusedWithABoundedMessage()
    {
        // Issue 39: a value nested 100,000 levels deep where a number belongs crashed the loader
        // (the error message dumped it recursively). Refused with the file named, in a short message.
        QFile f(m_dir.filePath("deep.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"model_type\": \"qwen2\", \"hidden_size\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + "}");
        f.close();
        const auto msg = iotest::thrownMessage<IoError>([&] { loadQwen2Config(f.fileName()); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains(QStringLiteral("deep.json")) && msg->contains(QStringLiteral("nest deeper than 512")), qPrintable(msg->left(300)));
        QVERIFY2(msg->size() < 1000, qPrintable(QString::number(msg->size())));
        // A long value in a wrong place is quoted as an excerpt, not whole.
        const auto excerpt = iotest::thrownMessage<IoError>([&] { parseQwen2Config(with(kQwen, "model_type", std::string(100000, 'x')), "long/config.json"); });
        QVERIFY2(excerpt, "no exception");
        QVERIFY2(excerpt->toStdString().size() < 1000, qPrintable(*excerpt));
    }

    void unreadableFile_throwsNamingFile()
    {
        QFile f(m_dir.filePath("broken.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"model_type\": \"qwen2\",");
        f.close();
        const auto msg = iotest::thrownMessage<IoError>([&] { loadQwen2Config(f.fileName()); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains("broken.json"), qPrintable(*msg));
        QVERIFY_THROWS_EXCEPTION(IoError, loadEncoderConfig(m_dir.filePath("missing-folder/config.json")));
    }
};

GAUNTLET_TEST_MAIN(TestHfConfig)
#include "tst_hf_config.moc"
