/**
 * URL rules: normalisation, neighbourhood prefixes, crawler-recursion detection.
 * Pure Java; imports nothing of the project.
 */
package org.reusedetector.url;
