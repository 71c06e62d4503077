# Seventeen distinguishable line colours, one per broad phase: gnuplot's default cycle repeats after
# eight, and the benches plot up to seventeen algorithms. Loaded by scripts/plot_sim.gp; the scaling
# bench copies it into the plot scripts it writes, so that they stay self-contained.
colours = "#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #bcbd22 #7f7f7f " . \
          "#000000 #aec7e8 #393b79 #637939 #e7ba52 #ff00ff #66c2a5"
do for [i=1:17] { set linetype i lc rgb word(colours, i) lw 1.5 }
set linetype cycle 17
