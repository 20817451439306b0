package org.reusedetector.labels;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.StopChunks;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;

/**
 * Informed discovery (paper §4.2): the labelled set from expert content, such as the site being cloned or a
 * bank's login page. Every non-stop chunk and every page file of the expert pages is labelled, except the
 * expert site's template: a chunk that repeats on a large share of one site's pages (navigation, headers,
 * footers) also appears on unrelated sites built with the same tools, so it is labelled {@code stop}
 * instead: kept out of the labelled set and out of the scoring, like a stop chunk.
 *
 * <p>Add pages with {@link #add}, then take the labels from {@link #labels}.
 */
public final class InformedLabeler {

    private static final int TEXT_PREVIEW = 200;

    private final PageHasher hasher;
    private final StopChunks stopChunks;
    private final double templateMinShare;
    private final int templateMinPages;
    private final String source;

    private final Map<String, Site> sites = new LinkedHashMap<>();
    private final Map<HashKey, ChunkInfo> chunks = new HashMap<>();
    private final Map<HashKey, String> files = new LinkedHashMap<>();
    private final Set<HashKey> filesSeen = new HashSet<>();

    public InformedLabeler(
            PageHasher hasher, StopChunks stopChunks, double templateMinShare, int templateMinPages, String source) {
        this.hasher = hasher;
        this.stopChunks = stopChunks;
        this.templateMinShare = templateMinShare;
        this.templateMinPages = templateMinPages;
        this.source = source;
    }

    private static final class Site {
        int pages;
        final Map<HashKey, Integer> pagesWithChunk = new HashMap<>();
    }

    private static final class ChunkInfo {
        final String exampleUrl;
        final String text;
        long pages;
        final Set<String> hosts = new HashSet<>();

        ChunkInfo(String exampleUrl, String text) {
            this.exampleUrl = exampleUrl;
            this.text = text;
        }
    }

    public void add(PageRecord page) throws InvalidUrlException {
        String host = NormalizedUrl.parse(page.url()).origin();
        List<String> texts = new ArrayList<>();
        HashedPage hashed = hasher.hash(page.url(), page.fetchedAtMillis(), page.body(), texts);
        Site site = sites.computeIfAbsent(host, h -> new Site());
        site.pages++;
        Set<HashKey> onThisPage = new HashSet<>();
        for (int i = 0; i < hashed.chunkCount(); i++) {
            if (stopChunks.isStop(hashed.chunkLengths()[i], hashed.chunkHashes(), i)) {
                continue;
            }
            HashKey key = HashKey.of(hashed.chunkHashes(), i);
            if (onThisPage.add(key)) {
                site.pagesWithChunk.merge(key, 1, Integer::sum);
                String text = texts.get(i);
                ChunkInfo info = chunks.computeIfAbsent(
                        key,
                        k -> new ChunkInfo(
                                page.url(), text.length() > TEXT_PREVIEW ? text.substring(0, TEXT_PREVIEW) : text));
                info.pages++;
                info.hosts.add(host);
            }
        }
        // a page with nothing distinctive (empty, all stop chunks) must not become a file label for every such page
        HashKey file = HashKey.of(hashed.fileHash());
        if (!onThisPage.isEmpty() && filesSeen.add(file)) {
            files.put(file, page.url());
        }
    }

    /** The labels: {@code stop} for template chunks, {@code chunk} for the rest, {@code file} per distinct page; sorted. */
    public List<Label> labels() {
        Set<HashKey> template = templateChunks();
        List<Label> labels = new ArrayList<>();
        for (HashKey key : template) {
            ChunkInfo info = chunks.get(key);
            labels.add(new Label(
                    key.hex(),
                    Label.KIND_STOP,
                    Label.OP_ADD,
                    source,
                    info.exampleUrl,
                    info.pages,
                    (long) info.hosts.size(),
                    info.text));
        }
        for (Map.Entry<HashKey, ChunkInfo> entry : chunks.entrySet()) {
            if (!template.contains(entry.getKey())) {
                ChunkInfo info = entry.getValue();
                labels.add(new Label(
                        entry.getKey().hex(),
                        Label.KIND_CHUNK,
                        Label.OP_ADD,
                        source,
                        info.exampleUrl,
                        info.pages,
                        (long) info.hosts.size(),
                        info.text));
            }
        }
        for (Map.Entry<HashKey, String> entry : files.entrySet()) {
            labels.add(new Label(
                    entry.getKey().hex(), Label.KIND_FILE, Label.OP_ADD, source, entry.getValue(), 1L, 1L, null));
        }
        labels.sort(Comparator.comparing(Label::kind).thenComparing(Label::hash));
        return labels;
    }

    /** Chunks on at least {@code max(templateMinPages, templateMinShare × pages)} pages of one expert site. */
    public Set<HashKey> templateChunks() {
        Set<HashKey> template = new HashSet<>();
        for (Site site : sites.values()) {
            double needed = Math.max(templateMinPages, templateMinShare * site.pages);
            site.pagesWithChunk.forEach((key, pages) -> {
                if (pages >= needed) {
                    template.add(key);
                }
            });
        }
        return template;
    }

    public int sites() {
        return sites.size();
    }
}
