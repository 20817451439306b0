package org.reusedetector.signal.quilt;

import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.SharedWords;
import org.reusedetector.signal.PageSignal;

/**
 * A page's sampled distinct k-grams for the recent-gram index ({@link QuiltStream#sampledGramsOfPhrases}), from the
 * phrases it shares with the near-copy sketch.
 */
public final class QuiltPageSignal implements PageSignal {

    /** The page's sampled distinct k-grams; none when it has no phrases. */
    public static final ResultKey<long[]> GRAMS = ResultKey.longs("quilt.grams");

    private final SharedWords.Reader words;
    private final QuiltStream quilt;

    QuiltPageSignal(SharedWords.Reader words, QuiltStream quilt) {
        this.words = words;
        this.quilt = quilt;
    }

    @Override
    public void chunk(char[] text, int length) {
        words.chunk(text, length);
    }

    @Override
    public HashedPage apply(HashedPage page) {
        PageSketcher sketcher = words.words();
        long[] grams = quilt.sampledGramsOfPhrases(sketcher.phrases(), sketcher.wordCount());
        words.finished();
        return grams.length == 0 ? page : page.with(GRAMS, grams);
    }

    @Override
    public void reset() {
        words.reset();
    }
}
