package org.reusedetector.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.page.ContentForm;
import org.reusedetector.url.IgnoredParameters;

class ReuseDetectorConfigTest {

    @TempDir
    Path dir;

    private Path yaml(String text) throws IOException {
        return Files.writeString(dir.resolve("config.yaml"), text);
    }

    private static ReuseDetectorConfig set(String... overrides) {
        return ReuseDetectorConfig.load(null, List.of(overrides));
    }

    @Test
    void theNearCopyOptionsDefaultToTheSignalsDefaults() {
        assertThat(DetectionSettings.nearCopyParams(ReuseDetectorConfig.defaults()))
                .isEqualTo(org.reusedetector.shingle.NearCopyParams.defaults());
        assertThat(DetectionSettings.nearCopyParams(set("shingles.near-copy.max-page-phrases=0"))
                        .maxPagePhrases())
                .as("0: every phrase")
                .isZero();
        assertThatThrownBy(() -> DetectionSettings.nearCopyParams(set("shingles.near-copy.max-page-phrases=10")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 64");
    }

    @Test
    void defaultsAreTheOptionDefaults() {
        ReuseDetectorConfig config = ReuseDetectorConfig.defaults();
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            if (option.hasDefaultValue()) {
                assertThat((Object) config.get(option)).as(option.key()).isEqualTo(option.defaultValue());
            } else {
                assertThat(config.getOptional(option)).as(option.key()).isEmpty();
            }
        }
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.144);
        assertThat(config.get(ReuseDetectorOptions.CHUNK_TAGS)).containsExactly("p", "div");
        assertThat(config.flinkConfiguration().toMap()).isEmpty();
    }

    @Test
    void allOptionsAreDistinctAndDescribed() {
        List<ConfigOption<?>> all = ReuseDetectorOptions.all();
        assertThat(all).hasSizeGreaterThan(20);
        assertThat(all.stream().map(ConfigOption::key).distinct().count()).isEqualTo(all.size());
        for (ConfigOption<?> option : all) {
            assertThat(option.description().toString()).as(option.key()).isNotBlank();
            assertThat(option.key())
                    .as("no detector key under flink.")
                    .doesNotStartWith(ReuseDetectorConfig.FLINK_PREFIX);
        }
    }

    @Test
    void unknownKeyNamesTheKey() {
        assertThatThrownBy(() -> set("scoring.page-treshold=0.2"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("scoring.page-treshold");
    }

    @Test
    void theBritishSpellingOfANeighborhoodKeyIsAcceptedAsDeprecated() {
        assertThat(set("neighbourhood.min-pages=7").get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_PAGES))
                .isEqualTo(7);
        assertThatThrownBy(() -> set("neighbourhood.min-pagez=7"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("neighbourhood.min-pagez");
    }

    @Test
    void unknownKeySuggestsTheKnownOne() {
        assertThatThrownBy(() -> set("neighborhood.page-threshold=0.2"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("neighborhood.page-threshold")
                .hasMessageContaining("scoring.page-threshold");
    }

    @Test
    void unknownKeyInYamlNamesTheFlattenedKey() throws IOException {
        Path file = yaml("scoring:\n  page-threshold: 0.2\n  pagethreshold: 0.3\n");
        assertThatThrownBy(() -> ReuseDetectorConfig.load(file, List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("scoring.pagethreshold");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "scoring.page-threshold | abc",
                "scoring.page-threshold | 1.5",
                "scoring.page-threshold | -0.1",
                "scoring.page-threshold | NaN",
                "scoring.max-evidence | -1",
                "scoring.max-evidence | 2.5",
                "kafka.partitions | 0",
                "kafka.replication-factor | -3",
                "job.parallelism | many",
                "chunking.max-body-bytes | 0",
                "chunking.content-form | XML",
                "stop-chunks.min-length | -1",
                "stop-chunks.default-list | maybe",
                "neighborhood.min-pages | 0",
                "neighborhood.max-depth | 0",
                "neighborhood.fixed-threshold | 2",
                "neighborhood.fixed-threshold | x",
                "neighborhood.standard-deviations | -1",
                "neighborhood.url-retention | 0 s",
                "neighborhood.url-retention | soon",
                "label.template-min-share | 1.01",
                "label.template-min-pages | -1",
                "job.checkpoint-interval | 0 ms",
                "kafka.transaction-timeout | 5 s",
                "embedded.kafka-port | -1",
                "dead-letters.max-original-chars | 0",
                "url.ignored-parameters | utm_*;a*b",
                "labels.keyed.rescore.retention | -1 s",
                "labels.keyed.rescore.max-pages | 0",
            })
    void badValueNamesTheKey(String key, String value) {
        assertThatThrownBy(() -> set(key + "=" + value))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(key);
    }

    @Test
    void ignoredUrlParametersReachTheDetectionSettings() {
        var settings = DetectionSettings.from(set("url.ignored-parameters=ref;Session*"), null, 0);
        assertThat(settings.ignoredParameters().names()).containsExactly("ref", "session*");
        assertThat(DetectionSettings.from(set("url.ignored-parameters="), null, 0)
                        .ignoredParameters())
                .isEqualTo(IgnoredParameters.NONE);
        assertThat(DetectionSettings.from(set(), null, 0).ignoredParameters()).isEqualTo(IgnoredParameters.DEFAULT);
    }

    @Test
    void reScoresOfTheKeyedModeLastAtMostAsLongAsAUrlsContribution() {
        var keyed = DetectionSettings.from(
                        set(
                                "labels.mode=KEYED",
                                "labels.keyed.rescore.retention=60 d",
                                "neighborhood.url-retention=30 d"),
                        null,
                        0)
                .keyedLabels();
        assertThat(keyed.rescoreRetentionMillis()).isEqualTo(Duration.ofDays(30).toMillis());
        assertThat(keyed.rescoreMaxPages()).isEqualTo(100);
        assertThat(keyed.rescores()).isTrue();
        assertThat(DetectionSettings.from(set("labels.mode=KEYED", "labels.keyed.rescore.retention=0 s"), null, 0)
                        .keyedLabels()
                        .rescores())
                .isFalse();
    }

    @Test
    void transactionTimeoutMustExceedCheckpointInterval() {
        assertThatThrownBy(() -> set("job.checkpoint-interval=10 min", "kafka.transaction-timeout=10 min"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kafka.transaction-timeout");
        assertThat(set("job.checkpoint-interval=5 min", "kafka.transaction-timeout=6 min")
                        .get(ReuseDetectorOptions.KAFKA_TRANSACTION_TIMEOUT))
                .isEqualTo(Duration.ofMinutes(6));
    }

    @Test
    void validValuesAreTyped() {
        ReuseDetectorConfig config = set(
                "scoring.page-threshold=0.5",
                "kafka.partitions=8",
                "job.checkpoint-interval=30 s",
                "chunking.content-form=html",
                "stop-chunks.default-list=false",
                "neighborhood.fixed-threshold=0.3",
                "stop-chunks.file=/tmp/stop.tsv",
                "chunking.tags=p;div;li",
                "kafka.bootstrap-servers=broker:9092");
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.5);
        assertThat(config.get(ReuseDetectorOptions.KAFKA_PARTITIONS)).isEqualTo(8);
        assertThat(config.get(ReuseDetectorOptions.CHECKPOINT_INTERVAL)).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.get(ReuseDetectorOptions.CHUNK_CONTENT_FORM)).isEqualTo(ContentForm.HTML);
        assertThat(config.get(ReuseDetectorOptions.STOP_DEFAULT_LIST)).isFalse();
        assertThat(config.getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD))
                .contains(0.3);
        assertThat(config.getOptional(ReuseDetectorOptions.STOP_FILE)).contains("/tmp/stop.tsv");
        assertThat(config.get(ReuseDetectorOptions.CHUNK_TAGS)).containsExactly("p", "div", "li");
        assertThat(config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS)).isEqualTo("broker:9092");
    }

    @Test
    void boundaryValuesAreAccepted() {
        ReuseDetectorConfig config = set(
                "scoring.page-threshold=0",
                "label.template-min-share=1",
                "neighborhood.fixed-threshold=0",
                "stop-chunks.min-length=0",
                "embedded.kafka-port=0",
                "neighborhood.standard-deviations=0");
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isZero();
        assertThat(config.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE)).isEqualTo(1.0);
        assertThat(config.getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD))
                .contains(0.0);
    }

    @Test
    void setOverridesWinOverYaml() throws IOException {
        Path file = yaml("scoring:\n  page-threshold: 0.2\n  max-evidence: 7\n");
        ReuseDetectorConfig config = ReuseDetectorConfig.load(file, List.of("scoring.page-threshold=0.3"));
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.3);
        assertThat(config.get(ReuseDetectorOptions.MAX_EVIDENCE)).isEqualTo(7);
        // the later of two overrides wins
        assertThat(ReuseDetectorConfig.load(file, List.of("scoring.max-evidence=1", "scoring.max-evidence=2"))
                        .get(ReuseDetectorOptions.MAX_EVIDENCE))
                .isEqualTo(2);
    }

    @Test
    void setOverrideIsTrimmedAndMayContainEquals() {
        ReuseDetectorConfig config = set("  kafka.group-id =  a=b  ");
        assertThat(config.get(ReuseDetectorOptions.KAFKA_GROUP_ID)).isEqualTo("a=b");
    }

    @Test
    void malformedSetOverride() {
        assertThatThrownBy(() -> set("scoring.page-threshold"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("scoring.page-threshold");
        assertThatThrownBy(() -> set("=0.3")).isInstanceOf(ConfigException.class);
    }

    @Test
    void nestedYamlIsFlattened() throws IOException {
        Path file = yaml("""
                kafka:
                  bootstrap-servers: "k1:9092,k2:9092"
                  topics:
                    pages: crawl
                    alerts: found
                  partitions: 4
                neighborhood:
                  url-retention: 7 d
                  fixed-threshold: 0.4
                job.parallelism: 3
                chunking:
                  content-form: HTML
                """);
        ReuseDetectorConfig config = ReuseDetectorConfig.load(file, List.of());
        assertThat(config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS)).isEqualTo("k1:9092,k2:9092");
        assertThat(config.get(ReuseDetectorOptions.TOPIC_PAGES)).isEqualTo("crawl");
        assertThat(config.get(ReuseDetectorOptions.TOPIC_ALERTS)).isEqualTo("found");
        assertThat(config.get(ReuseDetectorOptions.TOPIC_LABELS)).isEqualTo("labels");
        assertThat(config.get(ReuseDetectorOptions.KAFKA_PARTITIONS)).isEqualTo(4);
        assertThat(config.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION)).isEqualTo(Duration.ofDays(7));
        assertThat(config.getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD))
                .contains(0.4);
        assertThat(config.get(ReuseDetectorOptions.PARALLELISM)).isEqualTo(3);
        assertThat(config.get(ReuseDetectorOptions.CHUNK_CONTENT_FORM)).isEqualTo(ContentForm.HTML);
    }

    @Test
    void yamlNullKeepsTheDefault() throws IOException {
        Path file = yaml("neighborhood:\n  fixed-threshold:\n  min-pages: ~\nstop-chunks:\n  file: null\n");
        ReuseDetectorConfig config = ReuseDetectorConfig.load(file, List.of());
        assertThat(config.getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD))
                .isEmpty();
        assertThat(config.getOptional(ReuseDetectorOptions.STOP_FILE)).isEmpty();
        assertThat(config.get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_PAGES)).isEqualTo(5);
    }

    @Test
    void yamlLists() throws IOException {
        assertThat(ReuseDetectorConfig.load(yaml("chunking:\n  tags: [p, div, li]\n"), List.of())
                        .get(ReuseDetectorOptions.CHUNK_TAGS))
                .containsExactly("p", "div", "li");
        assertThat(ReuseDetectorConfig.load(yaml("chunking:\n  tags:\n    - p\n    - td\n"), List.of())
                        .get(ReuseDetectorOptions.CHUNK_TAGS))
                .containsExactly("p", "td");
        assertThat(ReuseDetectorConfig.load(yaml("chunking:\n  tags: p;section\n"), List.of())
                        .get(ReuseDetectorOptions.CHUNK_TAGS))
                .containsExactly("p", "section");
    }

    @Test
    void emptyTagListIsRejected() throws IOException {
        assertThatThrownBy(() -> ReuseDetectorConfig.load(yaml("chunking:\n  tags: []\n"), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("chunking.tags");
    }

    @Test
    void flinkKeysPassThrough() throws IOException {
        Path file = yaml("""
                flink:
                  parallelism.default: 3
                  taskmanager:
                    memory:
                      process.size: 2g
                  pipeline.object-reuse: true
                """);
        ReuseDetectorConfig config = ReuseDetectorConfig.load(
                file, List.of("flink.state.backend.type=rocksdb", "flink.parallelism.default=4"));
        Map<String, String> flink = config.flinkConfiguration().toMap();
        assertThat(flink)
                .containsEntry("parallelism.default", "4")
                .containsEntry("taskmanager.memory.process.size", "2g")
                .containsEntry("pipeline.object-reuse", "true")
                .containsEntry("state.backend.type", "rocksdb")
                .hasSize(4);
        assertThat(config.toMap()).doesNotContainKeys("parallelism.default", "flink.parallelism.default");
        // a copy: changing it does not change the configuration
        config.flinkConfiguration().setString("x", "y");
        assertThat(config.flinkConfiguration().toMap()).doesNotContainKey("x");
    }

    @Test
    void yamlThatIsNotAMapping() throws IOException {
        assertThatThrownBy(() -> ReuseDetectorConfig.load(yaml("- a\n- b\n"), List.of()))
                .isInstanceOf(ConfigException.class);
        assertThatThrownBy(() -> ReuseDetectorConfig.load(yaml("just a string\n"), List.of()))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void emptyYamlGivesDefaults() throws IOException {
        assertThat(ReuseDetectorConfig.load(yaml(""), List.of()).get(ReuseDetectorOptions.PAGE_THRESHOLD))
                .isEqualTo(0.144);
        assertThat(ReuseDetectorConfig.load(yaml("# only a comment\n"), List.of())
                        .get(ReuseDetectorOptions.PAGE_THRESHOLD))
                .isEqualTo(0.144);
    }

    @Test
    void unreadableOrMalformedYaml() throws IOException {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> ReuseDetectorConfig.load(missing, List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("missing.yaml");
        assertThatThrownBy(() -> ReuseDetectorConfig.load(yaml("scoring:\n  page-threshold: [0.1\n"), List.of()))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void withReplacesSomeOptionsAndKeepsTheRest() {
        ReuseDetectorConfig config = set("scoring.max-evidence=9", "flink.parallelism.default=2");
        ReuseDetectorConfig changed = config.with(Map.of("scoring.page-threshold", "0.7"));
        assertThat(changed.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.7);
        assertThat(changed.get(ReuseDetectorOptions.MAX_EVIDENCE)).isEqualTo(9);
        assertThat(changed.flinkConfiguration().toMap()).containsEntry("parallelism.default", "2");
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.144);
        assertThatThrownBy(() -> config.with(Map.of("scoring.page-threshold", "7")))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void toMapRoundTrips() {
        ReuseDetectorConfig config = set(
                "chunking.tags=p;div;li",
                "job.checkpoint-interval=45 s",
                "neighborhood.fixed-threshold=0.25",
                "chunking.content-form=HTML");
        Map<String, String> map = config.toMap();
        assertThat(map)
                .containsEntry("scoring.page-threshold", "0.144")
                .containsEntry("neighborhood.fixed-threshold", "0.25")
                .doesNotContainKey("stop-chunks.file");
        assertThat(map.keySet())
                .containsExactlyElementsOf(ReuseDetectorOptions.all().stream()
                        .filter(o -> o.hasDefaultValue() || o.key().equals("neighborhood.fixed-threshold"))
                        .map(ConfigOption::key)
                        .toList());
        ReuseDetectorConfig again = ReuseDetectorConfig.of(map);
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            assertThat((Object) again.get(option)).as(option.key()).isEqualTo(config.get(option));
        }
        ReuseDetectorConfig defaults =
                ReuseDetectorConfig.of(ReuseDetectorConfig.defaults().toMap());
        assertThat(defaults.get(ReuseDetectorOptions.CHUNK_TAGS)).containsExactly("p", "div");
        assertThat(defaults.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION))
                .isEqualTo(Duration.ofDays(30));
    }
}
