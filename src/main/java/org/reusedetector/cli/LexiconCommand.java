package org.reusedetector.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.Json;
import org.reusedetector.imatch.LexiconBuilding;
import org.reusedetector.imatch.LexiconParams;
import org.reusedetector.kafka.LexiconPublisher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code lexicon}: the I-Match lexicon of a corpus (document frequencies, idf band, randomized lexicons). */
@Command(
        name = "lexicon",
        mixinStandardHelpOptions = true,
        description = {
            "Build the I-Match lexicon of a corpus (Kolcz, Chowdhury & Alspector 2004): count in how many pages each term occurs",
            "and keep the terms whose normalised idf lies in the band; K randomized lexicons each drop a random fraction of them.",
            "Writes the lexicon (JSON, .gz to compress) with the corpus and date it was built from; --publish also sends it to the lexicon topic."
        })
public final class LexiconCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages: a JSONL(.gz) or WARC(.gz) file of page records, or a directory of them.")
    Path input;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE",
            description = "Lexicon file to write (JSON; .gz compresses).")
    Path out;

    @Option(
            names = "--nidf-low",
            defaultValue = "" + LexiconParams.DEFAULT_NIDF_LOW,
            description = "Lowest normalised idf of a term (default: ${DEFAULT-VALUE}, paper §6.6).")
    double nidfLow;

    @Option(
            names = "--nidf-high",
            defaultValue = "" + LexiconParams.DEFAULT_NIDF_HIGH,
            description = "Highest normalised idf of a term (default: ${DEFAULT-VALUE}, paper §6.6).")
    double nidfHigh;

    @Option(
            names = "--randomized",
            defaultValue = "" + LexiconParams.DEFAULT_RANDOMIZED,
            paramLabel = "K",
            description = "Randomized lexicons besides the original (default: ${DEFAULT-VALUE}, paper §6.8).")
    int randomized;

    @Option(
            names = "--drop-fraction",
            defaultValue = "" + LexiconParams.DEFAULT_DROP_FRACTION,
            paramLabel = "P",
            description = "Fraction of the terms each randomized lexicon drops (default: ${DEFAULT-VALUE}, paper §4).")
    double dropFraction;

    @Option(
            names = "--seed",
            defaultValue = "" + LexiconParams.DEFAULT_SEED,
            description = "Seed of the randomized lexicons (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--min-terms",
            defaultValue = "" + LexiconParams.DEFAULT_MIN_TERMS,
            description =
                    "Pages with fewer terms of the original lexicon get no signature under it (default: ${DEFAULT-VALUE}, paper §3 step 3).")
    int minTerms;

    @Option(
            names = "--min-randomized-terms",
            defaultValue = "" + LexiconParams.DEFAULT_MIN_RANDOMIZED_TERMS,
            paramLabel = "N",
            description =
                    "Fewest terms of a randomized lexicon for a signature under it (default: ${DEFAULT-VALUE}; docs/design.md, Near duplicates).")
    int minRandomizedTerms;

    @Option(
            names = "--publish",
            description =
                    "Also publish the lexicon to the lexicon topic (kafka.topics.lexicon) at kafka.bootstrap-servers.")
    boolean publish;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        String servers = config.get(ReuseDetectorOptions.KAFKA_BOOTSTRAP_SERVERS);
        if (publish && servers.isBlank()) {
            throw new IllegalArgumentException("--publish needs kafka.bootstrap-servers");
        }
        LexiconParams params =
                new LexiconParams(nidfLow, nidfHigh, randomized, dropFraction, seed, minTerms, minRandomizedTerms);
        LexiconBuilding.Summary summary = LexiconBuilding.build(
                config.chunking(), config.get(ReuseDetectorOptions.MAX_BODY_BYTES), input, params, Instant.now());
        summary.lexicon().write(out);
        System.out.println(summary + " -> " + out);
        if (publish) {
            String topic = config.get(ReuseDetectorOptions.TOPIC_LEXICON);
            LexiconPublisher.publish(
                    org.reusedetector.kafka.KafkaConnection.of(config),
                    topic,
                    config.get(ReuseDetectorOptions.KAFKA_REPLICATION).shortValue(),
                    summary.lexicon().corpus(),
                    Json.write(summary.lexicon()));
            System.out.printf(
                    "Published lexicon %s to '%s'%n", summary.lexicon().id(), topic);
        }
        return summary.pages() == 0 || summary.lexicon().terms().isEmpty() ? 1 : 0;
    }
}
