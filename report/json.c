/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The saved-run format: invocations written as one JSON document. */
#include <math.h>
#include <stdlib.h>

#include "report.h"
#include "stats.h"

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

/* The shortest of %.15g..%.17g that reads back as exactly @v. */
static void json_double(FILE *f, double v)
{
	char buf[40];

	if (!isfinite(v)) {
		fputs("null", f); /* JSON has no NaN; a reader refuses it */
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	fputs(buf, f);
}

static void json_key_string(FILE *f, const char *indent, const char *key,
			    const char *value, int last)
{
	fprintf(f, "%s\"%s\": ", indent, key);
	json_string(f, value);
	fputs(last ? "\n" : ",\n", f);
}

/* Named facts as one object, { "name": "value", ... }, and a comma. */
static void json_kvs(FILE *f, const char *indent, const char *key,
		     const struct result_kv *kv, unsigned int n)
{
	fprintf(f, "%s\"%s\": {%s", indent, key, n ? "\n" : "");
	for (unsigned int i = 0; i < n; i++) {
		fprintf(f, "%s  ", indent);
		json_string(f, kv[i].key);
		fputs(": ", f);
		json_string(f, kv[i].value);
		fputs(i + 1 < n ? ",\n" : "\n", f);
	}
	fprintf(f, "%s},\n", n ? indent : "");
}

static void json_info(FILE *f, const struct results *r)
{
	const struct result_info *in = &r->info;
	const char *ind = "        ";

	fprintf(f, "      \"info\": {\n");
	json_key_string(f, ind, "label", in->label, 0);
	json_key_string(f, ind, "note", in->note, 0);
	json_key_string(f, ind, "cpu_mhz", in->cpu_mhz, 0);
	json_key_string(f, ind, "cpu_type", in->cpu_type, 0);
	json_key_string(f, ind, "hostname", in->hostname, 0);
	json_key_string(f, ind, "kernel", in->kernel, 0);
	fprintf(f, "%s\"ncpu\": %d,\n", ind, in->ncpu);
	json_key_string(f, ind, "kernel_version", in->kernel_version, 0);
	json_key_string(f, ind, "boot_cmdline", in->boot_cmdline, 0);
	json_key_string(f, ind, "preemption", in->preempt, 0);
	json_key_string(f, ind, "config_hz", in->config_hz, 0);
	json_key_string(f, ind, "mitigations", in->mitigations, 0);
	json_kvs(f, ind, "vulnerabilities", in->vulns, in->nvulns);
	json_key_string(f, ind, "cpufreq_driver", in->cpufreq_driver, 0);
	json_key_string(f, ind, "cpufreq_governor", in->cpufreq_governor, 0);
	json_key_string(f, ind, "boost", in->boost, 0);
	json_key_string(f, ind, "cpuidle_driver", in->cpuidle_driver, 0);
	json_key_string(f, ind, "cpuidle_governor", in->cpuidle_governor, 0);
	json_key_string(f, ind, "halt_poll", in->halt_poll, 0);
	json_kvs(f, ind, "halt_poll_params", in->halt_poll_params,
		 in->nhalt_poll);
	json_key_string(f, ind, "smt", in->smt, 0);
	json_key_string(f, ind, "virtual", in->virt, 0);
	json_key_string(f, ind, "machine", in->machine, 0);
	json_key_string(f, ind, "clocksource", in->clocksource, 0);
	json_key_string(f, ind, "cpus_online", in->cpus_online, 0);
	json_key_string(f, ind, "cpus_allowed", in->cpus_allowed, 0);
	json_key_string(f, ind, "compiler", in->compiler, 0);
	json_key_string(f, ind, "date", in->date, 1);
	fprintf(f, "      },\n");
	fprintf(f, "      \"parameters\": {\n");
	fprintf(f, "%s\"seconds\": ", ind);
	json_double(f, in->duration_s);
	fprintf(f, ",\n%s\"runs\": %u,\n", ind, in->runs);
	json_key_string(f, ind, "tasks", in->threads ? "threads" : "processes",
			0);
	fprintf(f, "%s\"participants\": %u,\n", ind, in->participants);
	json_key_string(f, ind, "order", in->order, 0);
	fprintf(f, "%s\"seed\": %llu\n", ind, in->seed);
	fprintf(f, "      },\n");
}

/* The sampled round trips: quantiles to read, buckets to merge again. */
static void json_rtt(FILE *f, const char *ind, const struct hist *h)
{
	static const struct {
		const char *key;
		double q;
	} qs[] = { { "p50_ns", 0.5 },
		   { "p90_ns", 0.9 },
		   { "p99_ns", 0.99 },
		   { "p999_ns", 0.999 } };
	int first = 1;

	fprintf(f, "%s\"rtt\": { \"count\": %llu, \"min_ns\": %llu, ", ind,
		(unsigned long long)h->count, (unsigned long long)h->min_ns);
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		fprintf(f, "\"%s\": ", qs[i].key);
		json_double(f, hist_quantile(h, qs[i].q));
		fprintf(f, ", ");
	}
	fprintf(f, "\"max_ns\": %llu,\n%s  \"buckets\": [",
		(unsigned long long)h->max_ns, ind);
	/* Non-empty buckets as [lowest value, count]. */
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		if (!h->bucket[i])
			continue;
		fprintf(f, "%s[%llu, %llu]", first ? "" : ", ",
			(unsigned long long)hist_bucket_low(i),
			(unsigned long long)h->bucket[i]);
		first = 0;
	}
	fprintf(f, "] },\n");
}

static void json_cpu(FILE *f, const char *ind, const struct result_cpu *c)
{
	fprintf(f, "%s\"cpu\": { \"user_s\": ", ind);
	json_double(f, c->user_s);
	fprintf(f, ", \"sys_s\": ");
	json_double(f, c->sys_s);
	fprintf(f, ", \"nvcsw\": %lld, \"nivcsw\": %lld, \"loops\": %llu, ",
		c->nvcsw, c->nivcsw, (unsigned long long)c->loops);
	fprintf(f, "\"seconds\": ");
	json_double(f, c->seconds);
	fprintf(f, " }\n");
}

/* What else the run's CPUs did; null where it could not be known. */
static void json_disturbance(FILE *f, const struct result_sample *smp)
{
	fprintf(f, ", \"disturbed\": %s, \"steal_share\": ",
		smp->disturbed ? "true" : "false");
	json_double(f, smp->steal_share);
	fprintf(f, ", \"irq_share\": ");
	json_double(f, smp->irq_share);
	fprintf(f, ", \"other_share\": ");
	json_double(f, smp->other_share);
	fprintf(f, ", \"freq_change\": ");
	json_double(f, smp->freq_change);
	fprintf(f, ", ");
	json_string(f, "disturbed_why");
	fprintf(f, ": ");
	json_string(f, smp->why);
	fprintf(f, ", \"procs_running\": [%ld, %ld], \"throttle\": %lld",
		smp->procs_running[0], smp->procs_running[1], smp->throttle);
}

static void json_row(FILE *f, const struct result_row *row, int last)
{
	const char *ind = "          ";
	struct stats s;
	int nflags = 0;

	fprintf(f, "        {\n");
	json_key_string(f, ind, "mech", row->mech, 0);
	json_key_string(f, ind, "title", row->title, 0);
	json_key_string(f, ind, "placement", row->placement, 0);
	fprintf(f, "%s\"participants\": %u,\n", ind, row->procs);
	fprintf(f, "%s\"ws_kb\": %u,\n", ind, row->ws_kb);
	fprintf(f, "%s\"hop_work_ns\": ", ind);
	json_double(f, row->hop_work_ns);
	fprintf(f, ",\n");
	json_key_string(f, ind, "status", result_status_key(row->status), 0);
	json_key_string(f, ind, "reason", row->reason, 0);
	fprintf(f, "%s\"flags\": [", ind);
	if (row->flags & RESULT_DEGENERATE)
		fprintf(f, "%s\"degenerate\"", nflags++ ? ", " : "");
	if (row->flags & RESULT_MIGRATED)
		fprintf(f, "%s\"migrated\"", nflags++ ? ", " : "");
	fprintf(f, "],\n");
	json_key_string(f, ind, "cpus", row->cpus, 0);
	fprintf(f, "%s\"migrations\": %lld,\n", ind, row->migrations);
	fprintf(f, "%s\"discarded\": %u,\n", ind, row->discarded);
	fprintf(f, "%s\"samples\": [%s", ind, row->nsamples ? "\n" : "");
	for (unsigned int i = 0; i < row->nsamples; i++) {
		const struct result_sample *smp = &row->sample[i];

		fprintf(f, "%s  { \"loops\": %llu, \"elapsed_s\": ", ind,
			(unsigned long long)smp->loops);
		json_double(f, smp->elapsed_s);
		fprintf(f, ", \"loops_per_s\": ");
		json_double(f, result_rate(smp));
		fprintf(f, ", \"setup_s\": ");
		json_double(f, smp->setup_s);
		fprintf(f, ", \"teardown_s\": ");
		json_double(f, smp->teardown_s);
		json_disturbance(f, smp);
		fprintf(f, " }%s\n", i + 1 < row->nsamples ? "," : "");
	}
	fprintf(f, "%s],\n", row->nsamples ? ind : "");
	/* Derived from the samples, for readers other than ctxbench. */
	result_row_stats(row, &s);
	fprintf(f, "%s\"summary\": { \"n\": %zu, \"low\": ", ind, s.n);
	json_double(f, s.min);
	fprintf(f, ", \"high\": ");
	json_double(f, s.max);
	fprintf(f, ", \"average\": ");
	json_double(f, s.mean);
	fprintf(f, ", \"sd\": ");
	json_double(f, s.sd);
	fprintf(f, ", \"cv\": ");
	json_double(f, s.cv);
	fprintf(f, " },\n");
	json_rtt(f, ind, &row->rtt);
	json_cpu(f, ind, &row->cpu);
	fprintf(f, "        }%s\n", last ? "" : ",");
}

static void json_invocation(FILE *f, const struct results *r, int last)
{
	fprintf(f, "    {\n");
	json_key_string(f, "      ", "ctxbench_version", r->version, 0);
	json_key_string(f, "      ", "command", r->cmdline, 0);
	json_info(f, r);
	fprintf(f, "      \"interrupted_by_signal\": %d,\n", r->signo);
	fprintf(f, "      \"results\": [%s", r->nrows ? "\n" : "");
	for (unsigned int i = 0; i < r->nrows; i++)
		json_row(f, &r->row[i], i + 1 == r->nrows);
	fprintf(f, "%s]\n", r->nrows ? "      " : "");
	fprintf(f, "    }%s\n", last ? "" : ",");
}

void report_json(FILE *f, const struct results *const *r, unsigned int n)
{
	fprintf(f, "{\n");
	fprintf(f, "  \"format\": \"ctxbench\",\n");
	fprintf(f, "  \"schema_version\": %d,\n", REPORT_SCHEMA_VERSION);
	fprintf(f, "  \"invocations\": [\n");
	for (unsigned int i = 0; i < n; i++)
		json_invocation(f, r[i], i + 1 == n);
	fprintf(f, "  ]\n");
	fprintf(f, "}\n");
}
