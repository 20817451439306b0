package org.reusedetector.signal.imatch;

import org.reusedetector.detection.PageSignal;
import org.reusedetector.imatch.Signer;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;

/**
 * A page's I-Match signatures, from the words the signer cuts itself from each chunk ({@link Signer#chunk}, fused with
 * its lexicon lookups). A page with too few lexicon terms gets none.
 */
public final class ImatchPageSignal implements PageSignal {

    /**
     * The page's I-Match signatures, 20 bytes per lexicon (original first, all zero where a lexicon gave none; see
     * {@code imatch.Signatures}); none when the page has too few lexicon terms. The stream puts them only on the
     * near-duplicate matcher's copy of the page ({@link ImatchSignal#SIGNED}).
     */
    public static final ResultKey<byte[]> SIGNATURES = ResultKey.bytes("imatch.signatures");

    private final Signer signer;

    ImatchPageSignal(Signer signer) {
        this.signer = signer;
    }

    @Override
    public void chunk(char[] text, int length) {
        signer.chunk(text, length);
    }

    @Override
    public HashedPage apply(HashedPage page) {
        signer.endOfPage();
        byte[] signatures = signer.signatures();
        return signatures.length == 0 ? page : page.with(SIGNATURES, signatures);
    }

    @Override
    public void reset() {
        signer.endOfPage(); // signs and thus drops the failed page's terms; its signatures are never read
    }
}
