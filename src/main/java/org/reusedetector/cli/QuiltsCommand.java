package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.kafka.AlertsPublisher;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.model.Alert;
import org.reusedetector.shingle.QuiltParams;
import org.reusedetector.shingle.QuiltsRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code quilts}: pages stitched from patches of pages on other sites (Najork 2012), in batch; with {@code --publish},
 * its verdicts go to the alerts topic as {@code quilt} alerts, beside the stream's.
 */
@Command(
        name = "quilts",
        mixinStandardHelpOptions = true,
        description = {
            "Quilted pages (Najork 2012): pages at least θ of whose k-grams are patch grams (k-grams in 2 to m pages), with at least",
            "c source pages on other registrable domains found by a greedy set cover. Writes quilts.jsonl (url, covered_fraction, sources",
            "[{url, grams}]) and summary.json to --out. --publish also sends each quilt as a 'quilt' alert to the alerts topic,",
            "all of a run's in one Kafka transaction."
        })
public final class QuiltsCommand implements Callable<Integer> {

    /** The publisher's kind in its transactional id ({@link AlertsPublisher#transactionalId}). */
    static final String PUBLISHER = "quilts";

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages (JSONL/WARC file or directory).")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "-k", paramLabel = "K", description = "Words per gram (default: ${DEFAULT-VALUE}).")
    int k = QuiltParams.DEFAULTS.k();

    @Option(
            names = "-m",
            paramLabel = "M",
            description = "A patch gram is in at most M pages (default: ${DEFAULT-VALUE}).")
    int m = QuiltParams.DEFAULTS.m();

    @Option(names = "-c", paramLabel = "C", description = "A quilt has at least C sources (default: ${DEFAULT-VALUE}).")
    int c = QuiltParams.DEFAULTS.c();

    @Option(
            names = "--theta",
            paramLabel = "θ",
            description = "A quilt's patch fraction is at least θ (default: ${DEFAULT-VALUE}).")
    double theta = QuiltParams.DEFAULTS.theta();

    @Option(
            names = "--min-source-grams",
            paramLabel = "N",
            description = "A source counts toward C and θ only if it covers at least N grams"
                    + " (1: every source; default: ${DEFAULT-VALUE}).")
    int minSourceGrams = QuiltParams.DEFAULTS.minSourceGrams();

    @Option(
            names = "--own-site-text",
            arity = "1",
            paramLabel = "BOOL",
            description = "Leave out grams the page shares with another page of its own"
                    + " server (default: ${DEFAULT-VALUE}; off: a quilt site's pages share their donors' text too).")
    boolean ownSiteText = QuiltParams.DEFAULTS.ownSiteTextExcluded();

    @Option(
            names = "--borrowers",
            arity = "1",
            paramLabel = "BOOL",
            description = "Leave out sources that are more fully quilted and name the page"
                    + " among their own counted sources (default: ${DEFAULT-VALUE}).")
    boolean borrowers = QuiltParams.DEFAULTS.borrowersExcluded();

    @Option(
            names = "--copy-resemblance",
            paramLabel = "R",
            description = "A foreign page whose gram set resembles the page's (Jaccard) at least R is"
                    + " a copy, not a source (1: off; default: ${DEFAULT-VALUE}).")
    double copyResemblance = QuiltParams.DEFAULTS.copyResemblance();

    @Option(
            names = "--sibling-copies",
            arity = "1",
            paramLabel = "BOOL",
            description = "Leave out sources that are copies of another page of the"
                    + " page's own server: near-duplicates of it both ways (95 %% of the source's patch grams, 80 %% of the sibling's), sharing more with it than"
                    + " with the page (default: ${DEFAULT-VALUE}).")
    boolean siblingCopies = QuiltParams.DEFAULTS.siblingCopiesExcluded();

    @Option(
            names = "--copy-sites",
            arity = "1",
            paramLabel = "BOOL",
            description =
                    "Leave out sources on copy sites of the page's own server, and count a copy site once toward M: servers"
                            + " at least half of whose pages, and 5 or more, have 80 %% or more of their patch grams held on the page's server, and not the other way"
                            + " round (default: ${DEFAULT-VALUE}).")
    boolean copySites = QuiltParams.DEFAULTS.copySitesExcluded();

    @Option(
            names = "--verdicts",
            description =
                    "Also write verdicts.jsonl: every page whose patch fraction reached θ, quilted or not, with its"
                            + " cover (to study the rule).")
    boolean verdicts;

    @Option(
            names = "--collapse",
            description =
                    "Collapse exact and near-duplicate pages (2 of 6 supershingles) before counting grams (Fetterly et al.'s"
                            + " step; off by default: on the standard crawls it flags more background pages).")
    boolean collapse;

    @Option(
            names = "--publish",
            description = "Also publish each quilt as a 'quilt' alert to the alerts topic (kafka.topics.alerts) at"
                    + " kafka.bootstrap-servers, exactly once: one transaction, committed when every alert is sent.")
    boolean publish;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        if (publish && config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS).isBlank()) {
            throw new IllegalArgumentException("--publish needs kafka.bootstrap-servers");
        }
        QuiltsRun.Summary summary = QuiltsRun.run(
                input,
                config.chunking().hasher(),
                config.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                new QuiltParams(
                        k,
                        m,
                        c,
                        theta,
                        minSourceGrams,
                        ownSiteText,
                        borrowers,
                        copyResemblance,
                        siblingCopies,
                        copySites),
                collapse,
                out,
                verdicts);
        System.out.printf(
                "Quilts over %s: %d pages, %d judged (patch fraction ≥ %.2f), %d quilts (mean %.1f sources) in %.1f s (%.0f pages/s) -> %s%n",
                input,
                summary.pages(),
                summary.judged(),
                summary.theta(),
                summary.quilts(),
                summary.meanSources(),
                summary.seconds(),
                summary.pagesPerSecond(),
                out.resolve(QuiltsRun.QUILTS));
        if (publish) {
            String topic = config.get(ReuseDetectorOptions.TOPIC_ALERTS);
            KafkaConnection connection = KafkaConnection.of(config);
            KafkaTopics.ensure(
                    connection,
                    KafkaTopics.detectorTopics(config).stream()
                            .filter(spec -> spec.name().equals(topic))
                            .toList());
            long published;
            try (Stream<Alert> alerts = QuiltsRun.alerts(out.resolve(QuiltsRun.QUILTS), summary.theta())) {
                published = AlertsPublisher.publish(connection, topic, PUBLISHER, alerts.iterator());
            }
            System.out.printf("Published %d quilt alerts to '%s'%n", published, topic);
        }
        return 0;
    }
}
