package org.reusedetector.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.shingle.PhrasesRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code phrases}: phrase-level replication (Fetterly, Manasse and Najork 2005), in batch. */
@Command(
        name = "phrases",
        mixinStandardHelpOptions = true,
        description = {
            "Phrase-level replication (Fetterly et al. 2005): 84 min-hash shingles of circular k-word phrases per page, near-duplicates",
            "collapsed (2 of 6 runs of 14), popular shingles (in at least --min-documents pages), a greedy cover of each page's popular",
            "shingles preferring other sites, and per host the mean and σ of popular shingles per page.",
            "Writes phrases.jsonl, documents.jsonl, sites.jsonl and summary.json to --out."
        })
public final class PhrasesCommand implements Callable<Integer> {

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

    @Option(names = "-k", paramLabel = "K", description = "Words per phrase (default: ${DEFAULT-VALUE}).")
    int k = 5;

    @Option(
            names = "--min-documents",
            paramLabel = "N",
            description = "A shingle is popular in at least N pages (default: ${DEFAULT-VALUE}).")
    int minDocuments = 5;

    @Option(
            names = "--min-site-pages",
            paramLabel = "N",
            description = "Hosts of at least N pages get mean and σ (default: ${DEFAULT-VALUE}).")
    int minSitePages = 10;

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        PhrasesRun.Summary summary = PhrasesRun.run(
                input,
                config.chunking().hasher(),
                config.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                k,
                minDocuments,
                minSitePages,
                out);
        System.out.printf(
                "Phrases over %s: %d pages in %d near-duplicate classes, %d popular shingles, %d pages with any, %d hosts in %.1f s (%.0f pages/s) -> %s%n",
                input,
                summary.pages(),
                summary.classes(),
                summary.popularPhrases(),
                summary.documentsWithPopular(),
                summary.sites(),
                summary.seconds(),
                summary.pagesPerSecond(),
                out);
        return 0;
    }
}
