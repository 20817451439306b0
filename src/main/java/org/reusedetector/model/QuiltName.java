package org.reusedetector.model;

/**
 * Read-only legacy: what checkpoints of jobs before the versioned state formats hold for {@code signal.quilt.QuiltName},
 * as a Flink POJO under this class name. Flink reads such state with its POJO serializer, which needs this class at
 * this name with these components, and the state's format ({@code QuiltNameFormat}) writes it again in its own layout.
 * Delete it once no job runs a checkpoint from before that version.
 */
public record QuiltName(
        long holder,
        String holderUrl,
        String page,
        long eventTime,
        int position,
        int sources,
        double coveredFraction) {}
