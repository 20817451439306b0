package org.reusedetector.detection;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the page signals of one parse thread share, one instance per type and id: signals that read the page's words
 * get them cut once for all.
 */
public final class SharedParts {

    private final Map<List<Object>, Object> parts = new HashMap<>();

    /** The part of this type and id, created by {@code create} for the first signal that asks. */
    public <T> T get(Class<T> type, Object id, Supplier<? extends T> create) {
        return type.cast(parts.computeIfAbsent(List.of(type, id), key -> create.get()));
    }
}
