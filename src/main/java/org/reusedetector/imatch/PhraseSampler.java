package org.reusedetector.imatch;

import org.reusedetector.page.TokenizingChunker;
import org.reusedetector.page.WordSink;
import org.reusedetector.shingle.PageSketcher;

/**
 * Samples a page's phrases for {@link JoinRule} in the same pass as its signatures: the words are cut and
 * fingerprinted as for the shingle signals ({@link PageSketcher}), and the phrases are the page's k-word runs
 * (n − k + 1 of them, not wrapping round the end as the min-hash sketch's circular phrases do: an ad put before or
 * after a small page would break k − 1 of its few circular phrases, and no straight one), one phrase of all words
 * for a page of fewer than k. Not its 84 min-hash values either: those cost 84 multiplies a word and estimate
 * resemblance only, where the sample costs about one compare a word and tells containment as well. Two ways in, as
 * {@link Signer}: a {@link WordSink}, or the chunker's {@link TokenizingChunker.ChunkSink}. One per thread.
 */
public final class PhraseSampler implements WordSink, TokenizingChunker.ChunkSink {

    private final PageSketcher words;
    private final int phraseWords;
    private final int sampleSize;
    private final long[] buffer;
    private PhraseSample sample = PhraseSample.EMPTY;

    public PhraseSampler(JoinRule rule) {
        this.words = new PageSketcher(rule.phraseWords());
        this.phraseWords = rule.phraseWords();
        this.sampleSize = rule.sampleSize();
        this.buffer = new long[2 * sampleSize];
    }

    @Override
    public void word(char[] text, int start, int length) {
        words.word(text, start, length);
    }

    @Override
    public void chunk(char[] text, int length) {
        words.chunk(text, length);
    }

    @Override
    public void endOfPage() {
        int n = words.wordCount();
        sample = n == 0
                ? PhraseSample.EMPTY
                : PhraseSample.of(words.phrases(), Math.max(1, n - phraseWords + 1), sampleSize, buffer);
        words.reset();
    }

    /** The sample of the last page. */
    public PhraseSample sample() {
        return sample;
    }
}
