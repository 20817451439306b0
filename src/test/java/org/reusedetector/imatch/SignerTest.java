package org.reusedetector.imatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reusedetector.page.PageHasher;

class SignerTest {

    private static final List<String> TERMS = words(40);

    private static List<String> words(int n) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            words.add("word" + (char) ('a' + i / 26) + (char) ('a' + i % 26));
        }
        words.sort(null);
        return words;
    }

    private static Signer signer(int k, int minTerms) {
        return new Signer(new LexiconTable(
                new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, k, 0.33, 3, minTerms), TERMS)));
    }

    private static byte[] sign(Signer signer, String text) {
        ImatchFixture.page(signer, text);
        return signer.signatures();
    }

    @Test
    void signatureDependsOnTheSetOfUniqueLexiconTermsOnly() {
        Signer signer = signer(0, 3);
        byte[] sig = sign(signer, "Wordac then WORDAA, wordab and wordaa again; other words xx");
        assertThat(Signatures.lexicons(sig)).isEqualTo(1);
        assertThat(Signatures.has(sig, 0)).isTrue();
        assertThat(sign(signer, "wordaa wordab wordac")).isEqualTo(sig);
        // order, repetition, case and words outside the lexicon do not matter
        assertThat(sign(signer, "wordab wordaa wordac wordac unrelated text")).isEqualTo(sig);
        assertThat(sign(signer, "wordab wordaa wordad")).isNotEqualTo(sig);
        assertThat(sign(signer, "wordab wordaa wordac wordad")).isNotEqualTo(sig);
        assertThat(sign(signer, "wordab wordaa")).isEqualTo(Signatures.NONE);
    }

    @Test
    void pagesWithFewerThanTheMinimumOfTermsGetNoSignature() {
        Signer signer = signer(10, 5);
        assertThat(sign(signer, "wordaa wordab wordac wordad and plenty of other words"))
                .isEqualTo(Signatures.NONE);
        byte[] sig = sign(signer, "wordaa wordab wordac wordad wordae");
        assertThat(Signatures.has(sig, 0)).isTrue();
        // a randomized lexicon that drops any of the five terms keeps four: below the minimum
        assertThat(Signatures.count(sig)).isLessThan(11);
    }

    @Test
    void randomizedLexiconsHaveTheirOwnMinimum() {
        Signer signer = new Signer(new LexiconTable(
                new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, 10, 0.33, 3, 2, 10), TERMS)));
        // three terms: the original signs, no randomized lexicon keeps ten
        byte[] small = sign(signer, "wordaa wordab wordac");
        assertThat(Signatures.has(small, 0)).isTrue();
        assertThat(Signatures.count(small)).isEqualTo(1);
        assertThat(sign(signer, "wordaa only")).isEqualTo(Signatures.NONE);
        // thirty terms: a randomized lexicon keeps about twenty
        assertThat(Signatures.count(sign(signer, String.join(" ", TERMS.subList(0, 30)))))
                .isEqualTo(11);
        // a lexicon file without the field (written before it existed) keeps one threshold for all
        assertThat(new LexiconParams(0.2, 0.8, 10, 0.33, 3, 5, 0).minRandomizedTerms())
                .isEqualTo(5);
    }

    @Test
    void randomizedLexiconsKeepASignatureThroughAnEditTheOriginalSees() {
        Signer signer = signer(10, 5);
        String page = String.join(" ", TERMS.subList(0, 30));
        byte[] original = sign(signer, page);
        assertThat(Signatures.count(original)).isEqualTo(11);
        // drop one lexicon term: the original signature changes, the lexicons that miss that term agree
        byte[] edited = sign(signer, String.join(" ", TERMS.subList(1, 30)));
        assertThat(Signatures.share(original, edited, 1)).isFalse();
        assertThat(Signatures.share(original, edited, 11)).isTrue();
        int agreeing = 0;
        for (int j = 1; j <= 10; j++) {
            if (Signatures.hex(original, j).equals(Signatures.hex(edited, j))) {
                agreeing++;
            }
        }
        assertThat(agreeing).isBetween(1, 9);
    }

    @Test
    void theFusedChunkPathSignsAsTheWordStreamDoes() {
        List<String> terms =
                new ArrayList<>(List.of("straße", "ŉapple", "größe", "word1x", "𝐀𝐁𝐂𝐃", "ÉCOLE".toLowerCase()));
        terms.addAll(TERMS);
        terms.sort(null);
        LexiconTable table =
                new LexiconTable(new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, 6, 0.33, 3, 2), terms));
        Signer words = new Signer(table);
        Signer fused = new Signer(table);
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        List<String> bodies = List.of(
                "<p>WORDAA wordab, Straße und GRÖSSE größe wordac</p><div>École école x wordad-wordae 𝐀𝐁𝐂𝐃 word1x word12x</div>",
                "<p>wordaa</p><p>wordab</p><p>wordac wordad wordae wordaf</p>",
                "<div>nothing here at all</div>",
                "<p>ŉapple wordba wordbb	wordbc wordbd</p><p>wordba</p>");
        for (String body : bodies) {
            hasher.hashWithWords("https://a/", 0, body, words);
            hasher.hashWithChunks("https://a/", 0, body, fused);
            fused.endOfPage();
            assertThat(fused.signatures()).as(body).isEqualTo(words.signatures());
        }
        assertThat(Signatures.has(words.signatures(), 0)).isTrue();
    }

    @Test
    void theFusedChunkPathCutsWordsOfEveryLengthAndAtSurrogatesAsTheWordStreamDoes() {
        // terms of 4 to 21 chars (the hash takes four chars a group: every group boundary), some with non-ASCII chars
        List<String> terms = new ArrayList<>();
        String letters = "abcdefghijklmnopqrstu";
        for (int length = 4; length <= 21; length++) {
            terms.add(letters.substring(0, length));
            terms.add("é" + letters.substring(1, length));
        }
        terms.add("𝐀𝐁𝐂𝐃");
        terms.sort(null);
        LexiconTable table =
                new LexiconTable(new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, 4, 0.33, 3, 1, 1), terms));
        for (String term : terms) {
            char[] word = term.toUpperCase(java.util.Locale.ROOT).toCharArray();
            assertThat(table.lookup(word, 0, word.length)).as(term).isEqualTo(terms.indexOf(term));
            assertThat(table.lookup((term + "v").toCharArray(), 0, term.length() + 1))
                    .as(term + "v")
                    .isEqualTo(terms.indexOf(term + "v"));
        }
        Signer words = new Signer(table);
        Signer fused = new Signer(table);
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        List<String> bodies = new ArrayList<>();
        StringBuilder longChunk = new StringBuilder("<p>");
        for (String term : terms) {
            longChunk.append(term.toUpperCase(java.util.Locale.ROOT)).append(", ");
        }
        for (int length = 4; length <= 21; length++) {
            // a chunk that ends in a word of each length, after a long chunk whose chars stay in the buffer
            bodies.add(longChunk + "</p><p>" + letters.substring(0, length) + "</p><div>x "
                    + letters.substring(0, length) + "</div>");
            bodies.add("<p>" + letters.substring(0, length) + "x " + letters.substring(0, length - 1)
                    + "</p>"); // a term from 5 on
        }
        int signed = 0;
        bodies.add(
                "<p>abcd😀abcde \uD835abcdef abcdefg\uDC00 abcdefgh\uD835\uD835\uDC00abcdefghi 𝐀𝐁𝐂𝐃 x𝐀𝐁𝐂𝐃 \uDC00\uD835</p><p>abcd\uD835</p>");
        for (String body : bodies) {
            hasher.hashWithWords("https://a/", 0, body, words);
            hasher.hashWithChunks("https://a/", 0, body, fused);
            fused.endOfPage();
            assertThat(fused.signatures()).as(body).isEqualTo(words.signatures());
            signed += Signatures.has(words.signatures(), 0) ? 1 : 0;
        }
        assertThat(signed).isEqualTo(18 + 17 + 1);
    }

    @Test
    void lookupFoldsCaseWithoutAllocating() {
        LexiconTable table = new LexiconTable(new Lexicon("v", "c", "d", 1, LexiconParams.defaults(), TERMS));
        char[] text = "xx WORDAB yy".toCharArray();
        assertThat(table.lookup(text, 3, 6)).isEqualTo(TERMS.indexOf("wordab"));
        assertThat(table.lookup(text, 0, 2)).isEqualTo(-1);
        assertThat(table.lookup("wordzz".toCharArray(), 0, 6)).isEqualTo(-1);
    }

    @Test
    void everyTermIsFoundByItsHashAndNoneOfManyOtherWords() {
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            terms.add("term" + Integer.toString(i * 7919, 36));
        }
        terms.sort(null);
        LexiconTable table = new LexiconTable(new Lexicon("v", "c", "d", 1, LexiconParams.defaults(), terms));
        for (int id = 0; id < terms.size(); id++) {
            char[] word = terms.get(id).toUpperCase(java.util.Locale.ROOT).toCharArray();
            assertThat(table.lookup(word, 0, word.length)).as(terms.get(id)).isEqualTo(id);
        }
        Set<String> lexicon = Set.copyOf(terms);
        int found = 0;
        for (int i = 0; i < 300_000; i++) {
            String other = "term" + Integer.toString(i, 36) + "x";
            char[] word = (i % 2 == 0 ? other : Integer.toString(i * 31 + 7, 36) + "qz").toCharArray();
            if (!lexicon.contains(new String(word)) && table.lookup(word, 0, word.length) >= 0) {
                found++;
            }
        }
        assertThat(found)
                .as("words that are no terms but found (about 2^-48 each)")
                .isZero();
    }

    @Test
    void aTermMetAgainAfterMoreThanAThousandOtherWordsCountsOnce() {
        Signer signer = signer(10, 3);
        byte[] unique = sign(signer, "wordaa wordab wordac wordad wordae wordaf wordag wordah wordai wordaj wordak");
        StringBuilder page = new StringBuilder("wordaa wordab wordac wordad wordae wordaf ");
        for (int i = 0; i < 5000; i++) { // push the terms out of the recent words seen on the page
            page.append("filler").append(Integer.toString(i, 36)).append(' ');
        }
        page.append("wordaa wordab wordac wordad wordae wordaf wordag wordah wordai wordaj wordak wordaa");
        assertThat(sign(signer, page.toString())).isEqualTo(unique);
        Signer fused = signer(10, 3);
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        hasher.hashWithChunks("https://a/", 0, "<p>" + page + "</p>", fused);
        fused.endOfPage();
        assertThat(fused.signatures()).isEqualTo(unique);
    }

    @Test
    void answersRememberedFromEarlierPagesChangeNoSignature() {
        // many pages of words from a pool larger than the remembered answers: slots are shared and overwritten
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            terms.add("term" + Integer.toString(i * 7919, 36));
        }
        terms.sort(null);
        LexiconTable table =
                new LexiconTable(new Lexicon("v", "c", "d", 1, new LexiconParams(0.2, 0.8, 4, 0.33, 3, 2), terms));
        Signer longLived = new Signer(table);
        PageHasher hasher = PageHasher.tokenizing(Set.of("p", "div"));
        java.util.Random random = new java.util.Random(11);
        int signed = 0;
        for (int page = 0; page < 200; page++) {
            StringBuilder body = new StringBuilder("<p>");
            for (int w = 0; w < 300; w++) {
                body.append(
                                random.nextBoolean()
                                        ? terms.get(random.nextInt(terms.size()))
                                                .toUpperCase(java.util.Locale.ROOT)
                                        : "other" + Integer.toString(random.nextInt(20_000), 36))
                        .append(' ');
            }
            hasher.hashWithChunks("https://a/", 0, body.append("</p>").toString(), longLived);
            longLived.endOfPage();
            Signer fresh = new Signer(table);
            hasher.hashWithChunks("https://a/", 0, body.toString(), fresh);
            fresh.endOfPage();
            assertThat(longLived.signatures()).as("page %d", page).isEqualTo(fresh.signatures());
            signed += longLived.signatures().length > 0 ? 1 : 0;
        }
        assertThat(signed).isEqualTo(200);
    }
}
