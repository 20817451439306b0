/**
 * The keyed label mode ({@code labels.mode: keyed}): the labelled set split by hash into partitions, each a map of
 * its labels that Flink keeps in keyed RocksDB state, so that no task holds the whole set on its heap. A page's hashes
 * are grouped per owning partition ({@code PageQueries}), each partition answers for its own ({@code PartitionLabels}),
 * and the answers are put back together per page into a {@code labels.LabelIndex} of that page's labels only
 * ({@code AnsweredLabels}), which the page scorer reads as it reads the whole set in broadcast mode: the same rules,
 * the same scores. For label changes that reach pages already scored, a partition remembers which recent pages held
 * each hash ({@code PageMemory}: a window of fetch time and a cap per hash), and a page's answers and the changes sent
 * to it after them are folded into its labels as they stand ({@code PageLabels}). Pure Java, no Flink: the Flink functions that hold the state are in {@code detection.functions}.
 * <p>Project imports: {@code labels}, {@code model}, {@code page}.
 */
package org.reusedetector.labels.keyed;
