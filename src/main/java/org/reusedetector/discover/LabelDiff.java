package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.model.Label;

/**
 * What a periodic discovery run publishes to the labels topic so that the streaming job's labelled set
 * follows the corpus: {@code add} records for newly frequent content and {@code remove} records for content
 * an earlier discovery run labelled that is no longer frequent.
 *
 * <p>The previous labels may be a log (adds and removes, as on the topic): the last record per kind and hash
 * wins. Labels of other sources (informed discovery, manual stop labels) are never removed nor overwritten:
 * removes only touch labels whose source starts with {@value Label#DISCOVERED_SOURCE_PREFIX}, and a hash that
 * is already labelled is not re-published (a new record would replace the other source's label on the
 * compacted topic). A discovered label is published again when its copy family or the family's source changed.
 *
 * @param adds labels to publish with {@code op=add}
 * @param removes labels to publish with {@code op=remove}
 */
public record LabelDiff(List<Label> adds, List<Label> removes) {

    public static LabelDiff between(Iterable<Label> previous, Iterable<Label> current, String source) {
        Map<String, Label> live = new LinkedHashMap<>();
        for (Label label : previous) {
            if (Label.OP_REMOVE.equals(label.op())) {
                live.remove(LabelCodec.key(label));
            } else {
                live.put(LabelCodec.key(label), label);
            }
        }
        Map<String, Label> wanted = new LinkedHashMap<>();
        for (Label label : current) {
            if (!Label.OP_REMOVE.equals(label.op())) {
                wanted.putIfAbsent(LabelCodec.key(label), label);
            }
        }
        List<Label> adds = new ArrayList<>();
        for (Map.Entry<String, Label> e : wanted.entrySet()) {
            Label old = live.get(e.getKey());
            // a label whose family or family source changed is published again: detection counts its coverage by them
            if (old == null
                    || Label.isDiscovered(old)
                            && (!Objects.equals(old.family(), e.getValue().family())
                                    || !Objects.equals(
                                            old.familySource(), e.getValue().familySource()))) {
                adds.add(e.getValue());
            }
        }
        List<Label> removes = new ArrayList<>();
        for (Map.Entry<String, Label> e : live.entrySet()) {
            Label old = e.getValue();
            if (!wanted.containsKey(e.getKey()) && Label.isDiscovered(old)) {
                removes.add(new Label(old.hash(), old.kind(), Label.OP_REMOVE, source, null, null, null, null));
            }
        }
        return new LabelDiff(List.copyOf(adds), List.copyOf(removes));
    }

    /** The records to publish: removes first, then adds (order matters only per key, where there is one record). */
    public List<Label> records() {
        List<Label> all = new ArrayList<>(removes.size() + adds.size());
        all.addAll(removes);
        all.addAll(adds);
        return all;
    }

    public boolean isEmpty() {
        return adds.isEmpty() && removes.isEmpty();
    }
}
