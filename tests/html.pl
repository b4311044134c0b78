#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-or-later
# What tests/html.sh asks of a page that a shell cannot answer well:
#   html.pl figures TEXT HTML  every row of the text report's tables has
#                              the same figures in the page's tables
#   html.pl summary TEXT HTML  the page's summary table has the lines of
#                              the text report's summary, the same figures
#   html.pl png FILE           the screenshot FILE is not blank: how much
#                              is drawn, and in which label colours
# Prints what differs and exits 1; 0 when all agree.
use strict;
use warnings;

sub slurp {
	my ($f) = @_;
	open(my $fh, '<:raw', $f) or die "$f: $!\n";
	local $/;
	return <$fh>;
}

# The rows of the text report's tables (loops/sec, round trips, CPU),
# each its line with the blanks collapsed, in the order printed.
sub text_rows {
	my ($text) = @_;
	my (@rows, $in);

	for (split /\n/, $text) {
		if (/^\S.*\s(low|min|user us)\s/ && /\s(high|max|CPUs)\s*$|\scpus$/) {
			$in = 1;
			next;
		}
		if (/^\s*$/) {
			$in = 0;
			next;
		}
		next unless $in;
		if (/^\s+\(on CPUs (\S+)\)$/ && @rows) {
			$rows[-1] .= " $1"; # the CPUs put below a long row
			next;
		}
		next if /^    \(/; # a note under a row
		next if /^     \S/; # its next lines, under its "("
		next if /^\s+(CPU per loop|round trip): /; # its other verdicts, in words on the page
		next if /\s(failed|skipped|hung|interrupted): /;
		s/^\s+//;
		s/\s+/ /g;
		push @rows, $_;
	}
	return @rows;
}

sub unescape {
	my ($s) = @_;
	$s =~ s/<[^>]*>//g;
	$s =~ s/&lt;/</g;
	$s =~ s/&gt;/>/g;
	$s =~ s/&quot;/"/g;
	$s =~ s/&#39;/'/g;
	$s =~ s/&amp;/&/g;
	return $s;
}

# The figures of each row of the page's tables, joined by a blank, with
# the row's name; rows without figures (a failed row) left out.
sub html_rows {
	my ($html) = @_;
	my @rows;

	while ($html =~ m{<table[^>]*class="figures"[^>]*>(.*?)</table>}sg) {
		my $table = $1;

		$table =~ s{<thead>.*?</thead>}{}s;
		while ($table =~ m{<tr[^>]*>(.*?)</tr>}sg) {
			my $tr = $1;
			my ($name) = $tr =~ m{<th[^>]*>(.*?)</th>}s;
			my @figs;

			while ($tr =~ m{<td class="fig[^"]*">(.*?)</td>}sg) {
				my $f = unescape($1);
				push @figs, $f if $f ne '';
			}
			push @rows, [unescape($name // ''), join(' ', @figs)]
				if @figs;
		}
	}
	return @rows;
}

sub figures {
	my ($tf, $hf) = @_;
	my @t = text_rows(slurp($tf));
	my @h = html_rows(slurp($hf));
	my $bad = 0;

	if (@t != @h) {
		print "the text report has ", scalar(@t),
			" table rows, the page ", scalar(@h), "\n";
		$bad = 1;
	}
	for my $i (0 .. ($#t < $#h ? $#t : $#h)) {
		my ($name, $figs) = @{ $h[$i] };

		next if $t[$i] eq $figs || substr($t[$i], -length($figs) - 1) eq " $figs";
		print "row ", $i + 1, " ($name):\n  text: $t[$i]\n  page: $figs\n";
		$bad = 1;
	}
	print scalar(@t), " rows of figures agree\n" unless $bad;
	return $bad;
}

# The figures of the text report's summary, a line a row and label: what
# follows its row and label columns (30), blanks collapsed; a line of a
# row that did not run (no figures) left out.  Of a comparison, the
# verdict is last: its words after those of its column, right-aligned
# on the next line (alone, or after CPU per loop's change), are its.
sub text_summary {
	my ($text) = @_;
	my (@rows, $in);

	for (split /\n/, $text) {
		if (/^\s+loops\/s\s+cv\s/) {
			$in = 1;
			next;
		}
		next unless $in;
		last if /^us\/hop:/ || /^\s*$/;
		if (@rows && /^\s+(?:CPU per loop\s+\S+\s+)?(\(.*\))$/) {
			$rows[-1] .= " $1";
			next;
		}
		next unless length($_) > 30 && substr($_, 30) =~ /^\s*\d+\s+\d+\.\d%/;
		(my $f = substr($_, 30)) =~ s/^\s+//;
		$f =~ s/\s+/ /g;
		push @rows, $f;
	}
	return @rows;
}

# The same of the page's summary table: its cells of figures, the
# verdict's words whole; of a comparison, without us/hop, which the text
# report shows of one label only.
sub html_summary {
	my ($html) = @_;
	my ($table) = $html =~ m{<table[^>]*class="summary"[^>]*>(.*?)</table>}s;
	my @rows;

	return () unless defined $table;
	$table =~ s{<thead>.*?</thead>}{}s;
	while ($table =~ m{<tr[^>]*>(.*?)</tr>}sg) {
		my $tr = $1;
		my @figs;

		while ($tr =~ m{<td class="fig[^"]*">(.*?)</td>}sg) {
			push @figs, unescape($1);
		}
		splice(@figs, 4, 1) if @figs == 6;
		@figs = grep { $_ ne '' } @figs;
		push @rows, join(' ', @figs) if @figs;
	}
	return @rows;
}

# The page's summary has the text report's lines, in its order.
sub summary {
	my ($tf, $hf) = @_;
	my @t = text_summary(slurp($tf));
	my @h = html_summary(slurp($hf));
	my $bad = 0;

	if (!@t || @t != @h) {
		print "the text report's summary has ", scalar(@t),
			" lines, the page's ", scalar(@h), "\n";
		$bad = 1;
	}
	for my $i (0 .. ($#t < $#h ? $#t : $#h)) {
		next if $t[$i] eq $h[$i];
		print "line ", $i + 1, ":\n  text: $t[$i]\n  page: $h[$i]\n";
		$bad = 1;
	}
	print scalar(@t), " lines of the summary agree\n" unless $bad;
	return $bad;
}

# The pixels of an 8-bit RGB or RGBA PNG, not interlaced, as Chromium
# writes its screenshots: how many are not white, and of which colours.
sub png {
	my ($file) = @_;
	my $d = slurp($file);
	my ($pos, $w, $h, $depth, $ctype, $lace, $idat) = (8, 0, 0, 0, 0, 0, '');

	require Compress::Zlib;
	die "$file: not a PNG\n" unless substr($d, 0, 8) eq "\x89PNG\r\n\x1a\n";
	while ($pos + 8 <= length $d) {
		my ($len, $type) = unpack('N a4', substr($d, $pos, 8));
		my $data = substr($d, $pos + 8, $len);

		$pos += 12 + $len;
		($w, $h, $depth, $ctype, undef, undef, $lace) =
			unpack('N N C C C C C', $data) if $type eq 'IHDR';
		$idat .= $data if $type eq 'IDAT';
		last if $type eq 'IEND';
	}
	my $bpp = { 2 => 3, 6 => 4 }->{$ctype};
	die "$file: colour type $ctype, depth $depth, interlace $lace\n"
		unless $bpp && $depth == 8 && !$lace;
	my $raw = Compress::Zlib::uncompress($idat) // die "$file: bad data\n";
	my $stride = $w * $bpp;
	my @prev = (0) x $stride;
	my (%colours, $ink);

	$ink = 0;
	for my $y (0 .. $h - 1) {
		my $ft = ord(substr($raw, $y * ($stride + 1), 1));
		my @cur = unpack('C*', substr($raw, $y * ($stride + 1) + 1, $stride));

		for my $i (0 .. $stride - 1) {
			my $a = $i >= $bpp ? $cur[$i - $bpp] : 0;
			my $b = $prev[$i];
			my $c = $i >= $bpp ? $prev[$i - $bpp] : 0;
			my $x = $cur[$i];

			if ($ft == 1) {
				$x += $a;
			} elsif ($ft == 2) {
				$x += $b;
			} elsif ($ft == 3) {
				$x += ($a + $b) >> 1;
			} elsif ($ft == 4) {
				my $p = $a + $b - $c;
				my ($pa, $pb, $pc) = (abs($p - $a), abs($p - $b), abs($p - $c));
				$x += $pa <= $pb && $pa <= $pc ? $a : $pb <= $pc ? $b : $c;
			}
			$cur[$i] = $x & 255;
		}
		for (my $i = 0; $i < $stride; $i += $bpp) {
			my $k = sprintf('#%02x%02x%02x', @cur[$i .. $i + 2]);

			$colours{$k}++;
			$ink++ if $k ne '#ffffff';
		}
		@prev = @cur;
	}
	my $share = $w * $h ? $ink / ($w * $h) : 0;
	my @want = ('#0072b2', '#d55e00'); # the first two labels' colours
	my @missing = grep { !$colours{$_} } @want;

	printf "%dx%d, %.1f%% drawn, %d colours, label colours %s\n", $w, $h,
		100 * $share, scalar(keys %colours),
		@missing ? "missing: @missing" : "present";
	return $share >= 0.02 && keys(%colours) >= 16 && !@missing ? 0 : 1;
}

# Strings a hostile saved file may hold: each tries to end the text or
# the attribute it is put in and to run something, which would set the
# page's title or say something on the console.  The long ones fit a line
# of text (a label has 127 bytes, a note, a fact), the short ones the
# members of 31 bytes or less.
my @long = (
	'x" onload="document.title=1',
	'x"><script>document.title=2</script>',
	'</style><script>console.log(3)</script>',
	'</title><script>document.title=4</script>',
	'<img src=x onerror="document.title=5">',
	"' onmouseover='console.log(6)",
	']]><svg onload="console.error(7)">',
	'<!-- --><a href="javascript:alert(8)">',
	q{a b & c < d > e "f" 'g'},
);
my @short = (
	'x" onload="alert(1)', '"><b>2</b>', '</style><i>3', ']]><u>4</u>',
	q{'&<>"5}, 'a b 6', '<svg onload=a()>',
);
my %short = map { $_ => 1 } qw(cpu_mhz sched_rt_runtime_us sched_rt_period_us
	config_hz date boot_id title cpus);
# Not text: values the reader refuses when unknown ("mech" must be a name,
# "policy" a scheduling class).
my %keep = map { $_ => 1 } qw(format status tasks order flags mech policy);

# @s without markup, the same length, its blanks and colons kept: what
# the text report wraps at and the page splits entries at.
sub benign {
	my ($s) = @_;
	$s =~ tr/A-Za-z0-9 :.,_-/x/c;
	return $s;
}

# The saved files FILE... rewritten into DIR/hostile and DIR/benign: every
# string but those of %keep a hostile one in the first, its benign twin
# in the second; one value the same string wherever it is, two values
# two strings.  The first row of the first file failed (its reason shown),
# the first run of each other row disturbed (its note shown).
sub hostile {
	my ($dir, @files) = @_;
	require B;
	require JSON::PP;
	my $json = JSON::PP->new->canonical->pretty;
	my (%map, %used, $n, $walk);

	$n = 0;
	my $str = sub {
		my ($key, $v, $mild) = @_;
		my $h = $map{$key}{$v};
		unless (defined $h) {
			my $pool = $short{$key} ? \@short : \@long;
			$h = $pool->[$n++ % @$pool];
			$h = $pool->[$n % @$pool] . ' ' . $n++
				while $used{$key}{ benign($h) };
			$used{$key}{ benign($h) } = 1;
			$map{$key}{$v} = $h;
		}
		return $mild ? benign($h) : $h;
	};
	$walk = sub {
		my ($key, $x, $mild) = @_;
		my $list = $key =~ /^(vulnerabilities|halt_poll_params)$/;

		if (ref $x eq 'HASH') {
			# The names of a fact's list are the file's too.
			return { map { ($list ? $str->("$key.name", $_, $mild) : $_) =>
					       $walk->($list ? $key : $_, $x->{$_}, $mild) }
				 sort keys %$x };
		}
		return [ map { $walk->($key, $_, $mild) } @$x ] if ref $x eq 'ARRAY';
		return $x if ref $x || !defined $x || $keep{$key};
		my $flags = B::svref_2object(\$x)->FLAGS;
		return $x if $flags & (B::SVp_IOK() | B::SVp_NOK()); # a number
		return $str->($key, $x, $mild);
	};
	my $first = 1;
	for my $f (@files) {
		my $doc = $json->decode(slurp($f));
		(my $name = $f) =~ s{.*/}{};

		for my $inv (@{ $doc->{invocations} }) {
			for my $row (@{ $inv->{results} }) {
				if ($first) {
					$row->{status} = 'failed';
					$row->{samples} = [];
					$first = 0;
				}
				$row->{samples}[0]{disturbed} = JSON::PP::true()
					if @{ $row->{samples} };
			}
		}
		for my $mild (0, 1) {
			my $out = "$dir/" . ($mild ? 'benign' : 'hostile');
			mkdir $out;
			open(my $fh, '>', "$out/$name") or die "$out/$name: $!\n";
			print $fh $json->encode($walk->('', $doc, $mild));
			close $fh or die "$out/$name: $!\n";
		}
	}
	return 0;
}

# The start tags of @html, "name attr attr..." each (attributes sorted),
# and the ids and links found in them.
sub tags {
	my ($html) = @_;
	my (@tags, @ids, @hrefs, @on);

	while ($html =~ m{<([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*/?>}g) {
		my ($name, $attrs, @names) = (lc $1, $2);

		while ($attrs =~ m{([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?}g) {
			my ($a, $v) = (lc $1, $2 // '');

			$v =~ s/^(["'])(.*)\1$/$2/s;
			push @names, $a;
			push @on, "<$name $a>" if $a =~ /^on/;
			push @ids, $v if $a eq 'id';
			push @hrefs, $v if $a =~ /^(?:href|src|xlink:href|action)$/;
		}
		push @tags, join(' ', $name, sort @names);
	}
	return (\@tags, \@ids, \@hrefs, \@on);
}

# The page HOSTILE, of hostile strings, runs nothing and holds nothing
# the page BENIGN, of their benign twins, does not: no script, no handler,
# no link but to an id of the page (no javascript:), valid and unique
# ids, the same elements with
# the same attributes.  Either may be a page as written or as a browser's
# DOM.
sub safe {
	my ($hf, $bf) = @_;
	my ($html, $bad) = (slurp($hf), 0);
	my ($tags, $ids, $hrefs, $on) = tags($html);
	my ($btags) = tags(slurp($bf));
	my (%seen, %count);

	my $say = sub { print "$hf: @_\n"; $bad = 1 };
	$say->("a script") if $html =~ /<script/i;
	$say->("a handler: @$on[0 .. ($#$on < 2 ? $#$on : 2)]") if @$on;
	for my $id (@$ids) {
		$say->("id \"$id\" is not a plain name") unless $id =~ /^[A-Za-z][A-Za-z0-9_-]*$/;
		$say->("id \"$id\" twice") if $seen{$id}++;
	}
	for my $h (@$hrefs) {
		$say->("a link \"$h\" out of the page or to nowhere")
			unless $h =~ /^#(.*)$/ && $seen{$1};
	}
	$count{$_}++ for @$tags;
	$count{$_}-- for @$btags;
	my @diff = grep { $count{$_} } sort keys %count;
	$say->(scalar(@$tags) . " elements, the benign page " . scalar(@$btags) .
	       "; differ: " . join('; ', map { "$count{$_} x <$_>" } @diff[0 .. ($#diff < 4 ? $#diff : 4)]))
		if @diff;
	$say->("only " . scalar(@$tags) . " elements") if @$tags < 100;
	print "$hf: ", scalar(@$tags), " elements as the benign page's, ",
		scalar(@$ids), " ids\n" unless $bad;
	return $bad;
}

# The page's title, as text.
sub title {
	my ($f) = @_;
	my ($t) = slurp($f) =~ m{<title>(.*?)</title>}s;
	print unescape($t // ''), "\n";
	return 0;
}

my $cmd = shift // '';
exit figures(@ARGV) if $cmd eq 'figures' && @ARGV == 2;
exit summary(@ARGV) if $cmd eq 'summary' && @ARGV == 2;
exit png(@ARGV) if $cmd eq 'png' && @ARGV == 1;
exit hostile(@ARGV) if $cmd eq 'hostile' && @ARGV >= 2;
exit safe(@ARGV) if $cmd eq 'safe' && @ARGV == 2;
exit title(@ARGV) if $cmd eq 'title' && @ARGV == 1;
die "usage: html.pl figures TEXT HTML | html.pl summary TEXT HTML |\n",
	"       html.pl png FILE |\n",
	"       html.pl hostile DIR FILE... | html.pl safe HOSTILE BENIGN |\n",
	"       html.pl title HTML\n";
