/**
 * The quilt signal in the stream: its page part ({@code QuiltPageSignal}, the sampled k-grams of the parse step's
 * words), the five operators of the recent-gram index, judge and naming, and its {@code QuiltSignal}, which adds them to
 * the topology. The batch {@code quilts} analysis and the rule's parameters ({@code QuiltParams}) are in
 * {@code shingle}. A plug-in of the detection topology: may import {@code signal}, {@code detection},
 * {@code detection.functions}, the domain packages, the quilt records of {@code model} and {@code state} (the versioned
 * formats of its operators' state); no other signal's package. Only the operators, their state formats and
 * {@code QuiltSignal} use Flink.
 * <p>Project imports: {@code detection}, {@code model}, {@code shingle}, {@code signal}, {@code state}, {@code url}.
 */
package org.reusedetector.signal.quilt;
