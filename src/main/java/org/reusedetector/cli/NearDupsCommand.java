package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.imatch.JoinRule;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.NearDupRun;
import org.reusedetector.url.IgnoredParameters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code near-dups}: I-Match near-duplicate clusters of a corpus. */
@Command(
        name = "near-dups",
        mixinStandardHelpOptions = true,
        description = {
            "Near-duplicate clusters (I-Match with randomized lexicons): pages that share a signature under any lexicon are joined",
            "when their word phrases confirm it (resemblance or containment; --confirm-joins false joins on the signature alone, as the paper).",
            "Writes clusters.jsonl (id, size, hosts, urls capped with url_count, lexicons_agreeing) and summary.json (clusters by size) to --out.",
            "The lexicon is --lexicon or imatch.lexicon; without either, one is built from the input itself."
        })
public final class NearDupsCommand implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "PATH",
            description = "Pages: a JSONL(.gz) or WARC(.gz) file of page records, or a directory of them.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--lexicon",
            paramLabel = "FILE",
            description = "Lexicon file from 'lexicon' (default: imatch.lexicon, else built from --input).")
    Path lexiconFile;

    @Option(
            names = "--randomized",
            paramLabel = "K",
            description = "Use only the first K randomized lexicons (0 = plain I-Match).")
    Integer randomized;

    @Option(
            names = "--max-urls",
            defaultValue = "20",
            description = "URLs listed per cluster (default: ${DEFAULT-VALUE}; url_count has them all).")
    int maxUrls;

    @Option(
            names = "--signatures",
            description =
                    "Also write signatures.jsonl (every page's signatures as clustered: pages share a value only within a cluster), for evaluation.")
    boolean signatures;

    @Option(
            names = "--confirm-joins",
            arity = "1",
            defaultValue = "true",
            paramLabel = "true|false",
            description =
                    "Join pages that share a signature only when their 5-word phrases confirm it (default: ${DEFAULT-VALUE}).")
    boolean confirmJoins;

    @Option(
            names = "--min-resemblance",
            defaultValue = "" + JoinRule.DEFAULT_MIN_RESEMBLANCE,
            description = "Phrase resemblance that confirms a join (default: ${DEFAULT-VALUE}).")
    double minResemblance;

    @Option(
            names = "--min-containment",
            defaultValue = "" + JoinRule.DEFAULT_MIN_CONTAINMENT,
            description =
                    "Containment of the smaller page's phrases in the other's that confirms a join (default: ${DEFAULT-VALUE}).")
    double minContainment;

    @Option(
            names = "--phrase-sample",
            defaultValue = "" + JoinRule.DEFAULT_SAMPLE_SIZE,
            description =
                    "Phrases sampled per page to confirm joins; smaller pages are compared whole (default: ${DEFAULT-VALUE}).")
    int phraseSample;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        int maxBodyBytes = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);
        Lexicon lexicon = lexiconFile != null ? Lexicon.read(lexiconFile) : DetectionSettings.lexicon(config);
        if (lexicon == null) {
            lexicon = org.reusedetector.imatch.LexiconBuilding.build(
                            config.chunking(),
                            maxBodyBytes,
                            input,
                            org.reusedetector.imatch.LexiconParams.defaults(),
                            java.time.Instant.now())
                    .lexicon();
        }
        if (randomized != null) {
            lexicon = lexicon.withRandomized(randomized);
        }
        NearDupRun.Summary summary = NearDupRun.run(
                config.chunking(),
                maxBodyBytes,
                IgnoredParameters.of(config.get(ReuseDetectorOptions.URL_IGNORED_PARAMETERS)),
                lexicon,
                input,
                out,
                maxUrls,
                signatures,
                confirmJoins ? joinRule() : null);
        System.out.println(summary + " -> " + out);
        return summary.pages() == 0 ? 1 : 0;
    }

    private JoinRule joinRule() {
        JoinRule defaults = JoinRule.defaults();
        return new JoinRule(
                defaults.phraseWords(), phraseSample, minResemblance, minContainment, defaults.minCompared());
    }
}
