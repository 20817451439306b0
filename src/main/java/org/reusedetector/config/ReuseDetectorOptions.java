package org.reusedetector.config;

import static org.apache.flink.configuration.ConfigOptions.key;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.reusedetector.page.ContentForm;
import org.reusedetector.url.IgnoredParameters;

/**
 * Every option of the detector, typed, with its default and why. {@code config/reuse-detector.yaml} documents
 * the same options and defaults; a test keeps the two in step.
 */
public final class ReuseDetectorOptions {

    private ReuseDetectorOptions() {}

    // --- Kafka ---------------------------------------------------------------------------------------------
    public static final ConfigOption<String> KAFKA_BOOTSTRAP_SERVERS = key("kafka.bootstrap-servers")
            .stringType()
            .defaultValue("")
            .withDescription(
                    "Kafka bootstrap servers. Empty: start the embedded single-node KRaft broker on localhost.");
    public static final ConfigOption<String> TOPIC_PAGES = key("kafka.topics.pages")
            .stringType()
            .defaultValue("pages")
            .withDescription("Topic of crawled page records (JSON).");
    public static final ConfigOption<String> TOPIC_LABELS = key("kafka.topics.labels")
            .stringType()
            .defaultValue("labels")
            .withDescription("Compacted topic of label records; read from the beginning at every start.");
    public static final ConfigOption<String> TOPIC_ALERTS = key("kafka.topics.alerts")
            .stringType()
            .defaultValue("alerts")
            .withDescription("Topic of page, file and neighborhood alerts (JSON, written exactly once).");
    public static final ConfigOption<String> TOPIC_VERDICTS = key("kafka.topics.verdicts")
            .stringType()
            .defaultValue("verdicts")
            .withDescription(
                    "Compacted topic of the current verdicts: the latest verdict of each bad neighborhood under its URL prefix, a tombstone when it is cleared or expires (JSON, written exactly once with the alerts).");
    public static final ConfigOption<String> TOPIC_LEXICON = key("kafka.topics.lexicon")
            .stringType()
            .defaultValue("lexicon")
            .withDescription(
                    "Compacted topic of the I-Match lexicon ('lexicon --publish'): one record per corpus, the latest lexicon.");
    public static final ConfigOption<String> TOPIC_DEAD_LETTERS = key("kafka.topics.dead-letters")
            .stringType()
            .defaultValue("dead-letters")
            .withDescription("Topic of records the job could not use, with the reason and the original record.");
    public static final ConfigOption<String> KAFKA_GROUP_ID = key("kafka.group-id")
            .stringType()
            .defaultValue("reuse-detector")
            .withDescription("Consumer group id of the job's Kafka sources (offsets live in Flink checkpoints).");
    public static final ConfigOption<Integer> KAFKA_PARTITIONS = key("kafka.partitions")
            .intType()
            .defaultValue(2)
            .withDescription("Partitions of topics the job creates when they do not exist.");
    public static final ConfigOption<Integer> KAFKA_REPLICATION = key("kafka.replication-factor")
            .intType()
            .defaultValue(1)
            .withDescription(
                    "Replication factor of topics the job creates (1 for the embedded broker; 3 on a production cluster).");
    public static final ConfigOption<Duration> KAFKA_TRANSACTION_TIMEOUT = key("kafka.transaction-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(10))
            .withDescription(
                    "Transaction timeout of the exactly-once sinks; must exceed the checkpoint interval plus recovery time, and stay under the broker's transaction.max.timeout.ms.");
    public static final ConfigOption<Integer> EMBEDDED_KAFKA_PORT = key("embedded.kafka-port")
            .intType()
            .defaultValue(9092)
            .withDescription("Port of the embedded broker (0: any free port).");
    public static final ConfigOption<String> EMBEDDED_DATA_DIR = key("embedded.data-dir")
            .stringType()
            .defaultValue("data/kafka")
            .withDescription("Log directory of the embedded broker; kept between runs so topics survive a restart.");

    // --- Parse and chunk -------------------------------------------------------------------------------------
    public static final ConfigOption<List<String>> CHUNK_TAGS = key("chunking.tags")
            .stringType()
            .asList()
            .defaultValues("p", "div")
            .withDescription("Elements that start a chunk (the paper: p and div).");
    public static final ConfigOption<ContentForm> CHUNK_CONTENT_FORM = key("chunking.content-form")
            .enumType(ContentForm.class)
            .defaultValue(ContentForm.TEXT)
            .withDescription(
                    "What a chunk hash covers: TEXT (visible text; robust to restyled copies) or HTML (normalised markup, as the paper).");
    public static final ConfigOption<Integer> MAX_BODY_BYTES = key("chunking.max-body-bytes")
            .intType()
            .defaultValue(4 * 1024 * 1024)
            .withDescription("Pages with a larger body go to the dead letters (reason body-too-large).");

    // --- Stop chunks -----------------------------------------------------------------------------------------
    public static final ConfigOption<Integer> STOP_MIN_LENGTH = key("stop-chunks.min-length")
            .intType()
            .defaultValue(50)
            .withDescription(
                    "Chunks shorter than this many characters (of visible text, in TEXT form) are stop chunks. The paper's 100 counted HTML"
                            + " markup; in visible text it leaves 16% of javadoc pages with nothing to score, 50 leaves 4% (docs/evaluation.md, Stop length).");
    public static final ConfigOption<Boolean> STOP_DEFAULT_LIST = key("stop-chunks.default-list")
            .booleanType()
            .defaultValue(true)
            .withDescription(
                    "Use the shipped stop list (the paper authors' benign Common Crawl and GeoCities chunks).");
    public static final ConfigOption<String> STOP_FILE = key("stop-chunks.file")
            .stringType()
            .noDefaultValue()
            .withDescription(
                    "A further stop list: TSV rows of 'sha1<TAB>\"json chunk\"', or bare hex hashes of normalised chunks.");

    // --- Scoring ---------------------------------------------------------------------------------------------
    public static final ConfigOption<Double> PAGE_THRESHOLD = key("scoring.page-threshold")
            .doubleType()
            .defaultValue(0.144)
            .withDescription(
                    "A page whose containment is above this is a partial target and raises a page alert (the paper: 0.144).");
    public static final ConfigOption<Integer> MAX_EVIDENCE = key("scoring.max-evidence")
            .intType()
            .defaultValue(5)
            .withDescription("Matched labels carried as evidence in an alert.");
    public static final ConfigOption<PageAlertType> PAGE_ALERT_TYPE = key("scoring.page-alert-type")
            .enumType(PageAlertType.class)
            .defaultValue(PageAlertType.PAGE)
            .withDescription(
                    "PAGE: partial targets raise 'page' alerts. PHISH (the phishing profile, config/phishing.yaml): they raise 'phish' alerts"
                            + " naming the brand, the site of the matched expert labels.");
    public static final ConfigOption<Integer> MIN_MATCHED_CHUNKS = key("scoring.min-matched-chunks")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "A partial target needs at least this many matched chunks as well as badness above the page threshold: one generic"
                            + " chunk on a small page is no evidence of copying (the phishing profile sets 1: one brand chunk suffices).");

    // --- Neighbourhoods --------------------------------------------------------------------------------------
    public static final ConfigOption<Integer> NEIGHBORHOOD_MIN_PAGES = key("neighborhood.min-pages")
            .intType()
            .defaultValue(5)
            .withDescription("Neighborhoods with fewer pages neither count in the threshold statistic nor alert.");
    public static final ConfigOption<Integer> NEIGHBORHOOD_MIN_NEIGHBORHOODS = key("neighborhood.min-neighborhoods")
            .intType()
            .defaultValue(20)
            .withDescription(
                    "No neighborhood alerts until this many neighborhoods make up the mean + k sigma statistic.");
    public static final ConfigOption<Double> NEIGHBORHOOD_STDDEVS = key("neighborhood.standard-deviations")
            .doubleType()
            .defaultValue(1.0)
            .withDescription("k in the threshold mean + k standard deviations of neighborhood badness (the paper: 1).");
    public static final ConfigOption<Double> NEIGHBORHOOD_FIXED_THRESHOLD = key("neighborhood.fixed-threshold")
            .doubleType()
            .noDefaultValue()
            .withDescription("A fixed neighborhood threshold instead of the running statistic.");
    public static final ConfigOption<NeighbourhoodStatistic> NEIGHBORHOOD_STATISTIC = key("neighborhood.statistic")
            .enumType(NeighbourhoodStatistic.class)
            .defaultValue(NeighbourhoodStatistic.ROBUST)
            .withDescription(
                    "ROBUST: median + k * 1.4826 * MAD of neighborhood badness (equal to mean + k sigma for a normal population, but not"
                            + " inflated by the bad neighborhoods themselves); MEAN: the paper's mean + k sigma.");
    public static final ConfigOption<Double> NEIGHBORHOOD_THRESHOLD_FLOOR = key("neighborhood.threshold-floor")
            .doubleType()
            .defaultValue(0.05)
            .withDescription(
                    "The statistic's threshold is never below this: the statistic of a mostly clean (mostly zero) population would call"
                            + " a prefix with one matched chunk in a hundred bad. 0.05 sits just above the mean badness the paper measured over"
                            + " 900 million Common Crawl neighborhoods (0.04).");
    public static final ConfigOption<Double> NEIGHBORHOOD_THRESHOLD_CEILING = key("neighborhood.threshold-ceiling")
            .doubleType()
            .defaultValue(0.5)
            .withDescription(
                    "The statistic's threshold is never above this: a neighborhood whose content is mostly labelled is bad even when"
                            + " copies dominate the population.");
    public static final ConfigOption<Double> NEIGHBORHOOD_THRESHOLD_TOLERANCE = key("neighborhood.threshold-tolerance")
            .doubleType()
            .defaultValue(0.05)
            .withDescription(
                    "The stream trusts the threshold statistic once the half-width of its confidence interval (at neighborhood.confidence) is"
                            + " within this; until then the threshold is neighborhood.threshold-ceiling, so that prefixes alerted against an early,"
                            + " unsettled statistic are not withdrawn when it settles. 0: trusted once neighborhood.min-neighborhoods count.");
    public static final ConfigOption<Double> NEIGHBORHOOD_CONFIDENCE = key("neighborhood.confidence")
            .doubleType()
            .defaultValue(0.95)
            .withDescription(
                    "A bad neighborhood is cleared only when the upper bound of its badness at this one-sided confidence falls below the"
                            + " threshold (pages are the sample: Student's t over the page-level ratio), so that a neighborhood near the threshold keeps"
                            + " its verdict instead of flapping. 0: cleared as soon as its badness is not above the threshold.");
    public static final ConfigOption<Boolean> NEIGHBORHOOD_ALERT_ON_LOWER_BOUND =
            key("neighborhood.alert-on-lower-bound")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "true: a neighborhood turns bad by its badness only when the lower bound of its badness (at neighborhood.confidence) is"
                                    + " above the threshold, with no minimum of pages; false: by the paper's rule (badness above the threshold, at least"
                                    + " neighborhood.min-pages pages). Off by default: on the mutation experiment it lost the most modified level (8 x cpp).");
    public static final ConfigOption<Double> NEIGHBORHOOD_COVERAGE_MIN_SHARE = key("neighborhood.coverage.min-share")
            .doubleType()
            .defaultValue(0.3)
            .withDescription(
                    "Source coverage: a neighborhood that holds at least this share of one source's labelled chunks (and at least"
                            + " neighborhood.coverage.min-chunks of them) is bad whatever its badness: added text cannot dilute it. A source is"
                            + " the site of an expert label's example page, or a blind discovery copy family; a family makes verdicts only"
                            + " where discovery judged one of its sites the source (labels' family_source), and never on that site. Above 1:"
                            + " off.");
    public static final ConfigOption<Long> NEIGHBORHOOD_COVERAGE_MIN_CHUNKS = key("neighborhood.coverage.min-chunks")
            .longType()
            .defaultValue(20L)
            .withDescription(
                    "Source coverage: the fewest distinct labelled chunks of one source that make a neighborhood bad by coverage.");
    public static final ConfigOption<Integer> NEIGHBORHOOD_COVERAGE_MAX_SOURCES =
            key("neighborhood.coverage.max-sources")
                    .intType()
                    .defaultValue(8)
                    .withDescription(
                            "Source coverage: how many sources each neighborhood tracks, those it holds most chunks of (bounds state to that many"
                                    + " sources' labelled chunks per neighborhood); alerts list them as 'copies'. 0: no source coverage.");
    public static final ConfigOption<Integer> NEIGHBORHOOD_MIN_EVIDENCE = key("neighborhood.min-evidence")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "A bad neighborhood needs at least this many distinct labelled hashes (at most neighborhood.max-evidence).");
    public static final ConfigOption<Double> NEIGHBORHOOD_REEVALUATE_STEP = key("neighborhood.reevaluate-step")
            .doubleType()
            .defaultValue(0.02)
            .withDescription(
                    "When the threshold has moved this much since all neighborhoods were last judged, judge them all again (a full pass over neighborhood state).");
    public static final ConfigOption<Duration> NEIGHBORHOOD_URL_RETENTION = key("neighborhood.url-retention")
            .durationType()
            .defaultValue(Duration.ofDays(30))
            .withDescription(
                    "A URL not crawled again within this much event time leaves its neighborhoods (bounds state).");
    public static final ConfigOption<Integer> NEIGHBORHOOD_MAX_DEPTH = key("neighborhood.max-depth")
            .intType()
            .defaultValue(12)
            .withDescription(
                    "Directory levels below the host that form neighborhoods (deeper levels are crawler traps more often than sites).");
    public static final ConfigOption<Integer> NEIGHBORHOOD_MAX_EVIDENCE = key("neighborhood.max-evidence")
            .intType()
            .defaultValue(3)
            .withDescription("Matched labels kept per neighborhood as evidence.");

    // --- Informed discovery (label) ----------------------------------------------------------------------------
    public static final ConfigOption<LabelsMode> LABELS_MODE = key("labels.mode")
            .enumType(LabelsMode.class)
            .defaultValue(LabelsMode.BROADCAST)
            .withDescription(
                    "Where the stream keeps the labelled set. BROADCAST: a copy on the heap of every parallel matcher (fastest while"
                            + " the set fits a task's heap). KEYED: partitioned by hash in keyed RocksDB state, each label once, on"
                            + " disk; a page's hashes go to the partitions that own them. Batch commands (detect) always broadcast.");
    public static final ConfigOption<Integer> LABELS_KEYED_PARTITIONS = key("labels.keyed.partitions")
            .intType()
            .defaultValue(16)
            .withDescription(
                    "KEYED mode: partitions of the labelled set, also the label operator's max parallelism (one key group each)."
                            + " A page sends one record to each partition that owns one of its hashes, so more partitions cost more"
                            + " records per page; the label operator cannot run on more tasks than this. Fixed for the life of the"
                            + " job's state.");
    public static final ConfigOption<Duration> LABELS_KEYED_JOIN_TIMEOUT = key("labels.keyed.join-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(10))
            .withDescription(
                    "KEYED mode: a page still missing a partition's answer this long after the label snapshot loaded is a"
                            + " dead letter (label-join-timeout) and its join state is dropped.");
    public static final ConfigOption<Duration> LABELS_KEYED_RESCORE_RETENTION = key("labels.keyed.rescore.retention")
            .durationType()
            .defaultValue(Duration.ofDays(7))
            .withDescription(
                    "KEYED mode: how long (fetch time, behind the newest page a label partition has seen) a hash's partition"
                            + " remembers the pages that held it, so that a label added or removed later re-scores them and"
                            + " updates their page alerts and neighborhoods. At most neighborhood.url-retention; 0 s: labels"
                            + " change only the pages read after them.");
    public static final ConfigOption<Integer> LABELS_KEYED_RESCORE_MAX_PAGES = key("labels.keyed.rescore.max-pages")
            .intType()
            .defaultValue(100)
            .withDescription(
                    "KEYED mode: the most pages remembered per hash (the newest by fetch time); a label change re-scores"
                            + " only these. A chunk on more pages is mostly template, and every page that holds a hash"
                            + " rewrites its list (24 bytes a page).");
    public static final ConfigOption<Double> TEMPLATE_MIN_SHARE = key("label.template-min-share")
            .doubleType()
            .defaultValue(0.1)
            .withDescription(
                    "A chunk on at least this share of an expert site's pages is its template: labelled 'stop', not 'chunk'.");
    public static final ConfigOption<Integer> TEMPLATE_MIN_PAGES = key("label.template-min-pages")
            .intType()
            .defaultValue(3)
            .withDescription("... and on at least this many of its pages.");

    // --- Blind discovery (discover) ---------------------------------------------------------------------------
    public static final ConfigOption<Integer> DISCOVERY_MIN_CHUNK_LENGTH = key("discovery.min-chunk-length")
            .intType()
            .defaultValue(50)
            .withDescription(
                    "Chunks shorter than this many characters are not counted by blind discovery: short frequent chunks are idioms and"
                            + " navigation; as stop-chunks.min-length, so that discovery counts what detection scores.");
    public static final ConfigOption<ThresholdMode> DISCOVERY_THRESHOLD_MODE = key("discovery.threshold.mode")
            .enumType(ThresholdMode.class)
            .defaultValue(ThresholdMode.STRUCTURE)
            .withDescription(
                    "STRUCTURE: no count threshold; a hash spread across sites is labelled when enough distinct hashes sit on exactly its"
                            + " hosts (a copied site), see min-group. SCALED: a hash is a candidate on max(min-count, ceil(scale * pages^exponent)) pages;"
                            + " FIXED: on discovery.threshold.count pages.");
    public static final ConfigOption<Long> DISCOVERY_THRESHOLD_MIN_GROUP = key("discovery.threshold.min-group")
            .longType()
            .defaultValue(3L)
            .withDescription(
                    "STRUCTURE: each host set's group threshold is max(min-group, the countable chunks of the smallest example page of"
                            + " the hashes on it): a copy carries at least one whole page's worth of content to the same hosts; natural"
                            + " duplication spreads chunk by chunk. Judged on the host set's own pages, so that other sites of the crawl"
                            + " change no host set's verdict.");
    public static final ConfigOption<Long> DISCOVERY_THRESHOLD_COUNT = key("discovery.threshold.count")
            .longType()
            .noDefaultValue()
            .withDescription(
                    "The absolute discovery threshold of mode FIXED (the paper: 1000 files, 100000 chunks on 2.86 billion pages).");
    public static final ConfigOption<Double> DISCOVERY_THRESHOLD_SCALE = key("discovery.threshold.scale")
            .doubleType()
            .defaultValue(0.35)
            .withDescription("c in the SCALED threshold c * pages^exponent.");
    public static final ConfigOption<Double> DISCOVERY_THRESHOLD_EXPONENT = key("discovery.threshold.exponent")
            .doubleType()
            .defaultValue(0.5)
            .withDescription(
                    "The exponent of the SCALED threshold (1/2: the threshold grows with the corpus, far more slowly than it).");
    public static final ConfigOption<Long> DISCOVERY_THRESHOLD_MIN_COUNT = key("discovery.threshold.min-count")
            .longType()
            .defaultValue(3L)
            .withDescription(
                    "Floor of the SCALED threshold, so that small corpora do not label every pair of equal chunks.");
    public static final ConfigOption<Long> DISCOVERY_MIN_HOSTS = key("discovery.template.min-hosts")
            .longType()
            .defaultValue(3L)
            .withDescription(
                    "A frequent hash on fewer distinct hosts is a site template, not a label (a source and two copies at least).");
    public static final ConfigOption<Double> DISCOVERY_MAX_TOP_HOST_SHARE = key("discovery.template.max-top-host-share")
            .doubleType()
            .defaultValue(0.5)
            .withDescription(
                    "A frequent hash with more than this share of its pages on one host is that site's template, not a label.");
    public static final ConfigOption<Double> DISCOVERY_MAX_PAGES_PER_HOST = key("discovery.template.max-pages-per-host")
            .doubleType()
            .defaultValue(3.0)
            .withDescription(
                    "A frequent hash on more pages per host than this, on average, is boilerplate (a header or footer, even one copied with a"
                            + " whole site), not a label: copied content sits on about one page of each site.");
    public static final ConfigOption<String> DISCOVERY_EXCLUDE_FILE = key("discovery.exclude-file")
            .stringType()
            .noDefaultValue()
            .withDescription(
                    "Hashes never to label, after review of a run's frequent.jsonl: one hex SHA-1 per line, or JSON lines with a hash field.");

    // --- URL identity ----------------------------------------------------------------------------------------
    public static final ConfigOption<List<String>> URL_IGNORED_PARAMETERS = key("url.ignored-parameters")
            .stringType()
            .asList()
            .defaultValues(IgnoredParameters.DEFAULT_NAMES.toArray(String[]::new))
            .withDescription(
                    "Query (and ;name=value path) parameters left out of a page's identity: tracking tags and session ids."
                            + " Case-insensitive; a trailing '*' matches any suffix ('*' alone ignores every query). Other parameters are kept, sorted.");

    // --- Crawler recursion errors (paper §4.4.1) ----------------------------------------------------------------
    public static final ConfigOption<Integer> RECURSION_MAX_REPEATS = key("recursion.max-repeats")
            .intType()
            .defaultValue(4)
            .withDescription(
                    "A URL path with one component repeated this many times is a crawler loop: left out of discovery counts and"
                            + " reported apart; in stream and detect a dead letter (crawler-recursion), not scored.");
    public static final ConfigOption<Integer> RECURSION_MIN_DISTINCT_REPEATED = key("recursion.min-distinct-repeated")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "... or with at least this many distinct components each repeated recursion.pair-repeats times.");
    public static final ConfigOption<Integer> RECURSION_PAIR_REPEATS = key("recursion.pair-repeats")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "Repeats per component for the rule above (two distinct components twice each: /a/b/a/b/).");

    // --- I-Match near-duplicate signatures ----------------------------------------------------------------------
    public static final ConfigOption<String> IMATCH_LEXICON = key("imatch.lexicon")
            .stringType()
            .noDefaultValue()
            .withDescription(
                    "Lexicon file written by 'lexicon': the stream and detect then compute I-Match signatures of every page and match"
                            + " 'imatch' labels (near-duplicate alerts). Unset: no signatures.");
    public static final ConfigOption<Boolean> IMATCH_LEXICON_FROM_TOPIC = key("imatch.lexicon-from-topic")
            .booleanType()
            .defaultValue(false)
            .withDescription(
                    "The stream reads its lexicon from kafka.topics.lexicon ('lexicon --publish'), the newest record when the job starts,"
                            + " instead of the file of imatch.lexicon; the lexicon's id is logged and named in the alerts and metrics.");
    public static final ConfigOption<Integer> IMATCH_RANDOMIZED = key("imatch.randomized")
            .intType()
            .noDefaultValue()
            .withDescription("Use this many randomized lexicons instead of the lexicon's own K (0 = plain I-Match).");

    // --- Word shingles in the stream (near copies)
    // --------------------------------------------------------
    public static final ConfigOption<Boolean> NEAR_COPY_ENABLED = key("shingles.near-copy.enabled")
            .booleanType()
            .defaultValue(false)
            .withDescription(
                    "Near-copy signal: 'label' also writes each expert page's distinctive phrases (its sampled word phrases less its"
                            + " site's template) as a 'shingle' label, and the stream and detect sample every page's phrases (same pass as"
                            + " the chunk hashes) and raise 'near-copy' alerts for pages holding enough of a labelled page of another site;"
                            + " such a page's badness is raised to at least that share.");
    public static final ConfigOption<Double> NEAR_COPY_THRESHOLD = key("shingles.near-copy.threshold")
            .doubleType()
            .defaultValue(0.35)
            .withDescription(
                    "Least share of a labelled page's distinctive phrases found on a page for a near copy (containment).");
    public static final ConfigOption<Integer> NEAR_COPY_PHRASE_WORDS = key("shingles.near-copy.phrase-words")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "Words per phrase of the near-copy signal: short phrases survive a rewrite that replaces words.");
    public static final ConfigOption<Integer> NEAR_COPY_SAMPLE_BITS = key("shingles.near-copy.sample-bits")
            .intType()
            .defaultValue(0)
            .withDescription(
                    "One phrase in 2^bits is kept, chosen by its fingerprint (the same phrases on every page): fewer bits"
                            + " recognise shorter pages, more make labels, index and pages smaller.");
    public static final ConfigOption<Integer> NEAR_COPY_MIN_PHRASES = key("shingles.near-copy.min-phrases")
            .intType()
            .defaultValue(6)
            .withDescription(
                    "Fewest sampled distinctive phrases of a labelled page, and of a match: a page with fewer gives no shingle label.");
    public static final ConfigOption<Double> NEAR_COPY_MIN_PAGE_SHARE = key("shingles.near-copy.min-page-share")
            .doubleType()
            .defaultValue(0.05)
            .withDescription(
                    "Least share of a page's own sampled phrases that must be the labelled page's: a long page sharing a"
                            + " short labelled page's few phrases is not its copy.");
    public static final ConfigOption<Integer> NEAR_COPY_MAX_PAGE_PHRASES = key("shingles.near-copy.max-page-phrases")
            .intType()
            .defaultValue(512)
            .withDescription(
                    "A page with more distinct phrases is matched by one sample level of them (at most this many, the same"
                            + " phrases on every page), and each labelled page by its phrases of that level: what a long page costs"
                            + " stays bounded. 0: every phrase; else at least 64.");
    public static final ConfigOption<Integer> WORD_SIGNALS_MIN_HOST_PAGES = key("word-signals.min-host-pages")
            .intType()
            .defaultValue(2)
            .withDescription(
                    "The word signals (near-copy, near-duplicate) report a host's matches once they name at least this many"
                            + " distinct labelled pages (1: each on its own): a generator writes some pages alike on every site"
                            + " it builds, so one such page proves nothing.");
    public static final ConfigOption<Duration> WORD_SIGNALS_HOLD = key("word-signals.hold")
            .durationType()
            .defaultValue(Duration.ofDays(1))
            .withDescription(
                    "Event time a word-signal match waits for its host to reach min-host-pages; then it is dropped (a near"
                            + " copy goes on as an ordinary page).");
    public static final ConfigOption<Integer> SHINGLE_PHRASE_WORDS = key("shingles.phrase-words")
            .intType()
            .defaultValue(5)
            .withDescription("Words per phrase (k) of the stream's shingles, as 'phrases --k'.");

    // --- Job -------------------------------------------------------------------------------------------------
    public static final ConfigOption<Integer> PARALLELISM =
            key("job.parallelism").intType().defaultValue(2).withDescription("Parallelism of the job's operators.");
    public static final ConfigOption<Duration> CHECKPOINT_INTERVAL = key("job.checkpoint-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription(
                    "Checkpoint interval; alerts become visible to read_committed consumers at each checkpoint.");
    public static final ConfigOption<Integer> MAX_RESTARTS = key("job.max-restarts")
            .intType()
            .defaultValue(10)
            .withDescription(
                    "Restarts after a failure (exponential delay, 1 s doubling to 1 min) before the job fails; a failure that recurs on"
                            + " every restart then ends the job with its error instead of looping. Unless flink.restart-strategy.type is set; not applied"
                            + " to a job submitted to a cluster (--submit), which keeps the cluster's strategy.");
    public static final ConfigOption<String> STATE_DIR = key("job.state-dir")
            .stringType()
            .defaultValue("data/flink")
            .withDescription("Local directory of RocksDB state and checkpoints on the embedded mini cluster.");
    public static final ConfigOption<Duration> OUT_OF_ORDERNESS = key("job.out-of-orderness")
            .durationType()
            .defaultValue(Duration.ofMinutes(1))
            .withDescription(
                    "How far behind the newest fetch time a page may be and still take its place in event-time order"
                            + " (watermark delay): neighbourhood verdicts are taken in event-time order, so they wait"
                            + " this long; a page later than this is judged on arrival.");
    public static final ConfigOption<Integer> HELD_PAGES_MAX = key("job.held-pages.max")
            .intType()
            .defaultValue(10_000)
            .withDescription(
                    "Pages read before the run's label snapshot has loaded are held; at most this many per parallel instance of each"
                            + " matching operator on the heap, the ones past it in keyed RocksDB state (on disk).");
    public static final ConfigOption<Duration> STATUS_INTERVAL = key("job.status-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(30))
            .withDescription(
                    "A running stream logs one status line this often: pages and rate, consumer lag, alerts, dead letters (0 s: never).");
    public static final ConfigOption<String> METRICS_PROMETHEUS_PORT = key("job.metrics.prometheus-port")
            .stringType()
            .noDefaultValue()
            .withDescription(
                    "Serve the job's metrics for Prometheus at /metrics on this port (or the first free port of a range such as"
                            + " 9249-9259); unset: no reporter. On a cluster, set the reporter in the Flink configuration instead (docker-compose.yml, k8s/flink-deployment.yaml).");
    public static final ConfigOption<Integer> DEAD_LETTER_MAX_ORIGINAL_BYTES = key("dead-letters.max-original-chars")
            .intType()
            .defaultValue(512 * 1024)
            .withDescription(
                    "The original record in a dead letter is cut to this many characters (and marked truncated).");

    /** Every option, in declaration order. */
    public static List<ConfigOption<?>> all() {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Field field : ReuseDetectorOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigOption.class) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return options;
    }
}
