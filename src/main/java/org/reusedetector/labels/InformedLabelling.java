package org.reusedetector.labels;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.LabelFiles;
import org.reusedetector.format.PageFiles;
import org.reusedetector.imatch.ImatchLabels;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.LexiconTable;
import org.reusedetector.imatch.Signer;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Chunking;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.WordSink;
import org.reusedetector.shingle.DistinctivePhrases;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.ShingleLabels;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A whole informed-labelling run ({@code label}): expert page files in, a labels file out, through {@link InformedLabeler}. */
public final class InformedLabelling {

    private static final Logger LOG = LoggerFactory.getLogger(InformedLabelling.class);

    private InformedLabelling() {}

    /**
     * What the run needs: the chunking and stop chunks of detection (labels must be the chunks detection
     * hashes), the expert-template rule, and the labels' source.
     *
     * @param stopMinLength chunks shorter than this are stop chunks ({@code stop-chunks.min-length})
     * @param maxBodyBytes larger pages are skipped ({@code chunking.max-body-bytes})
     * @param templateMinShare a chunk on this share of a site's pages is its template ({@code label.template-min-share})
     * @param templateMinPages ... and on at least this many of them ({@code label.template-min-pages})
     * @param lexicon with an I-Match lexicon ({@code imatch.lexicon}), each expert page's signatures become {@code imatch}
     *     labels too; {@code null}: none
     * @param nearCopy with the near-copy signal ({@code shingles.near-copy.enabled}), each expert page's distinctive
     *     phrases (its sampled word phrases less its site's template, {@code DistinctivePhrases}) become a
     *     {@code shingle} label too; {@code null}: none
     */
    public record Settings(
            Chunking chunking,
            int stopMinLength,
            int maxBodyBytes,
            double templateMinShare,
            int templateMinPages,
            Lexicon lexicon,
            NearCopyParams nearCopy) {

        public Settings(
                Chunking chunking, int stopMinLength, int maxBodyBytes, double templateMinShare, int templateMinPages) {
            this(chunking, stopMinLength, maxBodyBytes, templateMinShare, templateMinPages, null, null);
        }
    }

    /** What a labelling run did. */
    public record Summary(
            long pages,
            int sites,
            long skipped,
            Path out,
            long chunks,
            long files,
            long stops,
            long imatch,
            long shingle) {
        @Override
        public String toString() {
            return String.format(
                            "%d expert pages on %d sites (%d records skipped) -> %s: %d chunk, %d file, %d stop (template) labels",
                            pages, sites, skipped, out, chunks, files, stops)
                    + (imatch > 0 ? ", " + imatch + " imatch labels" : "")
                    + (shingle > 0 ? ", " + shingle + " shingle labels" : "");
        }
    }

    /** Informed discovery over a file or directory of page records; writes the labels file. */
    public static Summary label(Settings settings, Path input, Path out, String source) throws IOException {
        InformedLabeler labeler = new InformedLabeler(
                settings.chunking().hasher(),
                settings.chunking().stopChunks(settings.stopMinLength()),
                settings.templateMinShare(),
                settings.templateMinPages(),
                source);
        PageRecordParser parser = new PageRecordParser(settings.maxBodyBytes());
        Signer signer = settings.lexicon() == null ? null : new Signer(new LexiconTable(settings.lexicon()));
        PageSketcher sketcher = settings.nearCopy() == null
                ? null
                : new PageSketcher(settings.nearCopy().k());
        WordSink words = signer == null ? sketcher : sketcher == null ? signer : WordSink.both(signer, sketcher);
        PageHasher wordHasher = words == null ? null : settings.chunking().hasher();
        Map<String, Label> imatch = new LinkedHashMap<>();
        DistinctivePhrases phrases = settings.nearCopy() == null
                ? null
                : new DistinctivePhrases(settings.nearCopy(), settings.templateMinShare(), settings.templateMinPages());
        long pages = 0;
        long rejected = 0;
        for (Path file : PageFiles.list(input)) {
            try (var records = PageFiles.open(file, settings.maxBodyBytes())) {
                while (records.hasNext()) {
                    SourceRecord record = records.next();
                    try {
                        PageRecord page = parser.parse(record.value());
                        labeler.add(page);
                        if (words != null) {
                            wordHasher.hashWithWords(page.url(), page.fetchedAtMillis(), page.body(), words);
                        }
                        if (sketcher != null) {
                            phrases.add(
                                    NormalizedUrl.parse(page.url()).origin(),
                                    page.url(),
                                    sketcher.sampledPhrases(settings.nearCopy()));
                            sketcher.reset();
                        }
                        if (signer != null) {
                            for (Label label :
                                    ImatchLabels.of(page.url(), signer.signatures(), settings.lexicon(), source)) {
                                imatch.putIfAbsent(LabelCodec.key(label), label);
                            }
                        }
                        pages++;
                    } catch (PageRecordParser.Rejected | InvalidUrlException e) {
                        rejected++;
                        LOG.warn("skipped {}: {}", record.origin(), e.getMessage());
                    }
                }
            }
        }
        Map<String, Label> shingle = new LinkedHashMap<>();
        if (phrases != null) {
            for (DistinctivePhrases.Page page : phrases.labelled()) {
                Label label = ShingleLabels.of(page.url(), page.phrases(), source);
                shingle.putIfAbsent(LabelCodec.key(label), label);
            }
        }
        List<Label> labels = new ArrayList<>(labeler.labels());
        labels.addAll(imatch.values());
        labels.addAll(shingle.values());
        LabelFiles.write(out, labels);
        return new Summary(
                pages,
                labeler.sites(),
                rejected,
                out,
                count(labels, Label.KIND_CHUNK),
                count(labels, Label.KIND_FILE),
                count(labels, Label.KIND_STOP),
                imatch.size(),
                shingle.size());
    }

    private static long count(List<Label> labels, String kind) {
        return labels.stream().filter(l -> l.kind().equals(kind)).count();
    }
}
