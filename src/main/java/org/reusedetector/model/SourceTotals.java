package org.reusedetector.model;

/**
 * Keyed label mode: chunk labels per coverage source over all label partitions (the coverage denominator that the
 * broadcast mode reads from its one copy of the set), and the run whose snapshot every partition has loaded.
 *
 * @param loadedRun the run loaded by every partition, or {@code null} when not yet
 * @param sources the sources whose totals changed
 * @param totals their totals, same order
 */
public record SourceTotals(String loadedRun, String[] sources, long[] totals) {}
