#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-or-later
# What tests/html.sh asks of a page that a shell cannot answer well:
#   html.pl figures TEXT HTML  every row of the text report's tables has
#                              the same figures in the page's tables
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

my $cmd = shift // '';
exit figures(@ARGV) if $cmd eq 'figures' && @ARGV == 2;
exit png(@ARGV) if $cmd eq 'png' && @ARGV == 1;
die "usage: html.pl figures TEXT HTML | html.pl png FILE\n";
