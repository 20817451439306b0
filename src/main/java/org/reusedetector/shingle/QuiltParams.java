package org.reusedetector.shingle;

/**
 * Najork 2012's four parameters, plus the refinements we judge with. A document is (k, m, c, θ)-quilted iff at least
 * a θ fraction of its k-grams are patch grams (k-grams in more than one and at most m documents) and the (greedy)
 * minimal set of source documents covering its patch grams has at least c members (§2). The paper's pivot point is
 * (k, m, c, θ) = (5, 50, 4, 0.5), the best of its five judged runs (§3, Table 2). Sources are foreign (§3: another
 * registrable domain), and only grams they cover count toward θ.
 *
 * <p>The paper's rule is symmetric: when a quilt takes a paragraph of page X, X is as much "made of" the quilt as
 * the quilt of X, and an original copied onto other servers is made of its copies. The refinements give it a
 * direction (see {@link QuiltAnalysis} for the figures):
 *
 * @param minSourceGrams a source counts toward c and θ only if it newly covers at least this many grams; a shared
 *     gram or two is a common phrase, not a patch. (Najork §3 proposes a relative floor φ instead; a quilt's
 *     smallest true donor covers a tiny share of it when another donor gave a whole page, so φ cannot separate.)
 * @param ownSiteTextExcluded grams the page shares with another page of its own server are the server's own text
 *     (a template, or text all its translations share): the foreign pages that also hold them copied them from that
 *     server, so they are no patches of the page
 * @param borrowersExcluded a source that is itself quilted, more fully, and names the page among its own counted
 *     sources took a patch from the page: a borrower, not a donor, so it does not count
 * @param copyResemblance a foreign page whose k-gram set resembles the page's (Jaccard) at least this much is a copy
 *     of it, not a source of patches; 1 turns it off
 * @param siblingCopiesExcluded a source that shares more patch grams with another page of the page's own server (a
 *     sibling) than with the page is a copy of that sibling, not a donor: what it shares with the page is text the
 *     page shares with its sibling (translations of one manual keep the untranslated parts), so it does not count
 * @param copySitesExcluded a foreign server most of whose pages are copies of text of the page's own server (each such
 *     page has most of its patch grams held on that server) is a copy site of it, not a donor: its pages are not
 *     sources of the page, and a copy site counts once in |docs_k(g)| (see {@link QuiltAnalysis})
 */
public record QuiltParams(
        int k,
        int m,
        int c,
        double theta,
        int minSourceGrams,
        boolean ownSiteTextExcluded,
        boolean borrowersExcluded,
        double copyResemblance,
        boolean siblingCopiesExcluded,
        boolean copySitesExcluded)
        implements java.io.Serializable {

    /**
     * Our defaults: the paper's pivot with c = 3, which is inside its sweep (Table 1, c from 2 to 10), a source floor of
     * 4 grams (a donor may lend one sentence of 8 words; tails of one or two shared grams stay out), the borrower rule
     * on, sibling copies left out, and copy sites left out and counted once (with them, mirrors and the page's own
     * near-duplicates, see {@link QuiltAnalysis}). The own-site rule is off: quilts all on one server share their donors'
     * paragraphs with one another, and it takes those away. Figures: docs/evaluation.md.
     */
    public static final QuiltParams DEFAULTS = new QuiltParams(5, 50, 3, 0.5, 4, false, true, 1.0, true, true);

    /** The paper's rule unrefined: every cover member counts, and only the page itself is not its source. */
    public QuiltParams(int k, int m, int c, double theta) {
        this(k, m, c, theta, 1, false, false, 1.0, false, false);
    }

    /** Without the copy-site rule. */
    public QuiltParams(
            int k,
            int m,
            int c,
            double theta,
            int minSourceGrams,
            boolean ownSiteTextExcluded,
            boolean borrowersExcluded,
            double copyResemblance,
            boolean siblingCopiesExcluded) {
        this(
                k,
                m,
                c,
                theta,
                minSourceGrams,
                ownSiteTextExcluded,
                borrowersExcluded,
                copyResemblance,
                siblingCopiesExcluded,
                false);
    }

    /** Without the sibling-copy rule. */
    public QuiltParams(
            int k,
            int m,
            int c,
            double theta,
            int minSourceGrams,
            boolean ownSiteTextExcluded,
            boolean borrowersExcluded,
            double copyResemblance) {
        this(k, m, c, theta, minSourceGrams, ownSiteTextExcluded, borrowersExcluded, copyResemblance, false, false);
    }

    public QuiltParams {
        if (k < 1
                || m < 2
                || c < 1
                || theta < 0
                || theta > 1
                || minSourceGrams < 1
                || copyResemblance <= 0
                || copyResemblance > 1) {
            throw new IllegalArgumentException(
                    "quilt parameters need k ≥ 1, m ≥ 2, c ≥ 1, 0 ≤ θ ≤ 1, min source grams ≥ 1, 0 < copy resemblance ≤ 1: "
                            + k + ", " + m + ", " + c + ", " + theta + ", " + minSourceGrams + ", " + copyResemblance);
        }
    }
}
