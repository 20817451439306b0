/**
 * The quilt signal: its page part ({@code QuiltPageSignal}, the sampled k-grams of the parse step's words), the five
 * operators of the recent-gram index, judge and naming with their records ({@code QuiltBatch}, {@code QuiltName}),
 * their uids and metric, its alerts, its options ({@code QuiltOptions}), its batch command
 * ({@code quilts}) and its {@code QuiltSignal}, which adds the operators to the topology and registers the rest (the
 * {@code config.Extension} service file). Najork's rule itself, plain Java shared with the batch analysis, is in
 * {@code shingle} ({@code QuiltParams}, {@code QuiltAnalysis}). A plug-in of the detection topology: may import {@code signal}, {@code detection},
 * {@code detection.functions}, the domain packages, {@code model} and {@code state} (the versioned
 * formats of its operators' state); no other signal's package. Only the operators, their state formats and
 * {@code QuiltSignal} use Flink.
 * <p>Project imports: {@code config}, {@code detection}, {@code model}, {@code page}, {@code shingle}, {@code signal}, {@code state}, {@code url}.
 */
package org.reusedetector.signal.quilt;
