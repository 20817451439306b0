/**
 * The {@code benchmark} command and its subcommands: throughput, latency and memory figures of whole jobs
 * (docs/benchmarks.md), and what only they need (synthetic hash indexes and labels, the job of
 * {@code benchmark labels --mode}). A source set of its own ({@code src/bench/java}), compiled into the same jar as
 * the product; the product's packages do not import it ({@code cli.Main} adds the command by its class name).
 * <p>Project imports: any.
 */
package org.reusedetector.benchmark;
