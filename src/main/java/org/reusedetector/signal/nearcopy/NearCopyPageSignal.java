package org.reusedetector.signal.nearcopy;

import org.reusedetector.detection.PageSignal;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.shingle.PageSketcher;

/**
 * A page's side of the near-copy signal: its sampled distinct k-word phrases ({@link PageSketcher#sampledPhrases}),
 * from the page's words ({@link PageSketcher}, which takes the runs of word chars the I-Match signer found when it is
 * on). A page of more phrases than {@code shingles.near-copy.max-page-phrases} carries those of one sample level
 * only ({@link #LEVEL}).
 */
public final class NearCopyPageSignal implements PageSignal {

    /** The ids of the page's sampled phrases; none when it has none. The matcher drops them once it has done its work. */
    public static final ResultKey<int[]> SKETCH = ResultKey.ints("near-copy.phrase-ids");

    /**
     * The sample level of {@link #SKETCH} when the page has more distinct phrases than {@code
     * shingles.near-copy.max-page-phrases} ({@link NearCopyParams#pageLevel}); absent: level 0, every phrase.
     */
    public static final ResultKey<Integer> LEVEL =
            ResultKey.of("near-copy.level", level -> new byte[] {level.byteValue()}, NearCopyPageSignal::decodeLevel);

    private final PageSketcher words;
    private final NearCopyParams params;

    NearCopyPageSignal(PageSketcher words, NearCopyParams params) {
        this.words = words;
        this.params = params;
    }

    @Override
    public void chunk(char[] text, int length) {
        words.chunk(text, length);
    }

    @Override
    public HashedPage apply(HashedPage page) {
        int[] phrases = words.phraseIds(params);
        words.reset();
        if (phrases.length == 0) {
            return page;
        }
        int level = params.pageLevel(phrases);
        return level == 0
                ? page.with(SKETCH, phrases)
                : page.with(SKETCH, NearCopyParams.atLevel(phrases, level)).with(LEVEL, level);
    }

    /** The sample level a page was sketched at ({@link #LEVEL}; 0 when it carries none). */
    public static int level(HashedPage page) {
        Integer level = page.result(LEVEL);
        return level == null ? 0 : level;
    }

    private static Integer decodeLevel(byte[] bytes) {
        if (bytes.length != 1 || bytes[0] < 0 || bytes[0] > NearCopyParams.MAX_LEVEL) {
            throw new IllegalArgumentException("not a near-copy sample level: " + bytes.length + " bytes");
        }
        return (int) bytes[0];
    }

    @Override
    public void reset() {
        words.reset();
    }
}
