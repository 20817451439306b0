/**
 * Blind discovery: its rules (threshold, template, eligibility, tallies, label changes; plain Java) and its BATCH workflow and Flink functions ({@code DiscoveryWorkflow}, {@code DiscoveryFunctions}), with its output files.
 * May import the domain packages, {@code config}, {@code format}, {@code connector}, {@code detection} and {@code batch}; only the workflow and functions import Flink.
 * <p>Project imports: {@code batch}, {@code config}, {@code connector}, {@code detection}, {@code format},
 * {@code index}, {@code model}, {@code page}, {@code url}, {@code score}, {@code labels}, {@code shingle}, {@code util}.
 */
package org.reusedetector.discover;
