"""Every suit pattern's distance vector (made by build_scripts/make_suit_table.py).

`VECTORS` lists the distinct vectors; `PACKED` holds, zlib-compressed and base85-encoded,
one byte a pattern in `pattern_rank` order: the index of its vector in `VECTORS`.
Do not edit by hand; run the script again if the distance vectors' meaning changes.
"""

PATTERNS = 405350

VECTORS: tuple[tuple[int, ...], ...] = (
    (0, 99, 99, 99, 99, 99, 99, 99, 99, 99),
    (0, 2, 5, 99, 99, 1, 4, 99, 99, 99),
    (0, 1, 4, 99, 99, 0, 3, 6, 99, 99),
    (0, 0, 3, 6, 99, 0, 2, 5, 99, 99),
    (0, 0, 2, 6, 8, 0, 2, 4, 99, 99),
    (0, 2, 5, 99, 99, 1, 4, 7, 99, 99),
    (0, 1, 4, 7, 99, 1, 3, 6, 9, 99),
    (0, 1, 3, 6, 9, 0, 2, 5, 8, 99),
    (0, 0, 2, 5, 8, 0, 1, 4, 7, 99),
    (0, 0, 1, 4, 7, 0, 1, 3, 6, 99),
    (0, 1, 4, 7, 10, 0, 3, 6, 99, 99),
    (0, 1, 3, 6, 9, 0, 2, 5, 8, 11),
    (0, 1, 2, 5, 8, 0, 1, 4, 7, 10),
    (0, 0, 1, 4, 7, 0, 0, 3, 6, 9),
    (0, 0, 1, 3, 6, 0, 0, 2, 5, 8),
    (0, 0, 3, 6, 9, 0, 2, 5, 99, 99),
    (0, 0, 2, 5, 8, 0, 1, 4, 7, 10),
    (0, 0, 0, 3, 6, 0, 0, 2, 5, 8),
    (0, 0, 0, 2, 5, 0, 0, 1, 4, 7),
    (0, 0, 1, 4, 7, 0, 1, 3, 6, 9),
    (0, 0, 0, 1, 4, 0, 0, 1, 3, 6),
    (0, 2, 5, 8, 99, 1, 4, 7, 99, 99),
    (0, 1, 4, 7, 10, 1, 3, 6, 9, 12),
    (0, 1, 4, 7, 10, 1, 3, 6, 9, 99),
    (0, 0, 3, 6, 9, 1, 2, 5, 8, 11),
    (0, 0, 0, 1, 4, 0, 0, 0, 3, 6),
    (0, 0, 0, 0, 3, 0, 0, 0, 2, 5),
    (0, 0, 0, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 0, 1, 3, 0, 0, 0, 2, 5),
    (0, 0, 0, 2, 4, 0, 0, 0, 3, 6),
    (0, 0, 0, 0, 2, 0, 0, 0, 1, 4),
    (0, 0, 0, 0, 1, 0, 0, 0, 0, 3),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 2),
    (0, 2, 4, 7, 10, 1, 3, 6, 9, 12),
    (0, 0, 2, 4, 7, 0, 1, 3, 6, 9),
    (0, 1, 3, 6, 9, 1, 2, 5, 8, 11),
    (0, 0, 1, 3, 6, 0, 1, 2, 5, 8),
    (0, 1, 2, 5, 8, 0, 2, 4, 7, 10),
    (0, 1, 2, 4, 7, 0, 1, 3, 6, 9),
    (0, 0, 1, 2, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 4, 0, 0, 1, 3, 6),
    (0, 0, 1, 2, 5, 0, 0, 1, 4, 7),
    (0, 0, 0, 1, 3, 0, 0, 1, 2, 5),
    (0, 0, 2, 5, 8, 1, 1, 4, 7, 10),
    (0, 0, 0, 0, 1, 0, 0, 0, 0, 2),
    (0, 0, 0, 0, 2, 0, 0, 0, 0, 3),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
    (0, 1, 2, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 1, 2, 4, 0, 0, 1, 3, 6),
    (0, 0, 0, 1, 2, 0, 0, 0, 1, 4),
    (0, 0, 0, 0, 1, 0, 0, 0, 1, 3),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 2, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 4, 0, 0, 2, 4, 6),
    (0, 0, 0, 1, 3, 0, 0, 1, 3, 5),
    (0, 0, 0, 1, 2, 0, 0, 0, 2, 4),
    (0, 0, 0, 0, 2, 0, 0, 0, 1, 3),
    (0, 0, 0, 0, 1, 0, 0, 0, 1, 2),
    (0, 0, 0, 0, 2, 0, 0, 0, 2, 4),
    (0, 1, 3, 5, 8, 0, 2, 4, 7, 10),
    (0, 0, 1, 3, 5, 0, 0, 2, 4, 7),
    (0, 0, 0, 2, 5, 0, 1, 1, 4, 7),
    (0, 0, 0, 1, 3, 0, 0, 0, 1, 4),
    (0, 0, 1, 3, 6, 0, 1, 3, 5, 8),
    (0, 1, 2, 5, 8, 1, 2, 4, 7, 10),
    (0, 0, 1, 2, 5, 0, 1, 2, 4, 7),
    (0, 0, 0, 1, 2, 0, 0, 1, 2, 4),
    (0, 0, 1, 4, 7, 1, 1, 3, 6, 9),
    (0, 0, 0, 0, 3, 0, 0, 1, 2, 5),
    (0, 1, 2, 3, 6, 0, 1, 3, 5, 8),
    (0, 1, 2, 3, 5, 0, 1, 2, 4, 7),
    (0, 0, 1, 2, 3, 0, 0, 1, 3, 5),
    (0, 0, 0, 1, 3, 0, 0, 0, 2, 4),
    (0, 0, 1, 2, 3, 0, 0, 1, 2, 5),
    (0, 0, 0, 1, 2, 0, 0, 0, 1, 3),
    (0, 0, 0, 0, 1, 0, 0, 0, 0, 1),
    (0, 1, 2, 3, 4, 0, 1, 2, 3, 6),
    (0, 0, 1, 2, 3, 0, 0, 1, 2, 4),
    (0, 0, 0, 1, 2, 0, 0, 0, 1, 2),
    (0, 0, 0, 0, 0, 0, 0, 0, 1, 2),
    (0, 0, 0, 2, 4, 0, 0, 0, 2, 5),
    (0, 0, 0, 0, 2, 0, 0, 0, 0, 2),
    (0, 0, 0, 1, 4, 0, 1, 1, 3, 6),
    (0, 0, 0, 3, 6, 1, 1, 2, 5, 8),
    (0, 1, 2, 4, 6, 0, 1, 3, 5, 8),
    (0, 0, 1, 2, 4, 0, 0, 1, 3, 5),
    (0, 2, 4, 6, 9, 1, 3, 5, 8, 11),
    (0, 0, 2, 4, 6, 0, 1, 3, 5, 8),
    (0, 1, 3, 5, 8, 1, 2, 4, 7, 10),
    (0, 0, 1, 3, 5, 0, 1, 2, 4, 7),
    (0, 1, 2, 4, 7, 0, 2, 3, 6, 9),
    (0, 0, 1, 2, 4, 0, 0, 2, 3, 6),
    (0, 0, 0, 2, 4, 0, 0, 1, 3, 5),
    (0, 0, 0, 1, 3, 0, 0, 1, 2, 4),
    (0, 0, 2, 4, 7, 1, 1, 3, 6, 9),
    (0, 0, 0, 1, 2, 0, 0, 0, 2, 3),
    (0, 1, 2, 4, 7, 1, 2, 3, 6, 9),
    (0, 0, 1, 2, 4, 0, 1, 2, 3, 6),
    (0, 0, 0, 1, 2, 0, 0, 1, 2, 3),
    (0, 0, 1, 3, 6, 1, 1, 2, 5, 8),
    (0, 0, 0, 0, 2, 0, 0, 1, 1, 4),
    (0, 0, 2, 3, 6, 0, 1, 2, 5, 8),
    (0, 0, 0, 2, 3, 0, 0, 1, 2, 5),
    (0, 0, 0, 0, 2, 0, 0, 0, 1, 2),
    (0, 0, 1, 2, 4, 0, 0, 2, 4, 6),
    (0, 1, 2, 3, 4, 0, 1, 2, 4, 6),
    (0, 1, 2, 3, 4, 0, 1, 2, 3, 5),
    (0, 0, 1, 2, 3, 0, 0, 1, 2, 3),
    (0, 0, 0, 2, 4, 0, 1, 1, 3, 6),
    (0, 0, 0, 0, 0, 0, 0, 0, 1, 1),
    (0, 0, 0, 2, 3, 0, 0, 1, 3, 5),
    (0, 0, 0, 2, 5, 1, 1, 1, 4, 7),
    (0, 0, 0, 1, 3, 0, 0, 0, 1, 3),
    (0, 1, 2, 3, 4, 0, 1, 2, 3, 4),
    (0, 0, 0, 0, 2, 0, 0, 0, 2, 3),
    (0, 1, 3, 5, 7, 0, 2, 4, 6, 9),
    (0, 0, 1, 3, 5, 0, 0, 2, 4, 6),
    (0, 1, 2, 3, 5, 0, 1, 3, 4, 7),
    (0, 1, 2, 3, 5, 0, 1, 2, 4, 6),
    (0, 0, 1, 2, 3, 0, 0, 1, 3, 4),
    (0, 0, 0, 1, 3, 0, 1, 1, 2, 5),
    (0, 0, 1, 3, 4, 0, 0, 2, 3, 6),
    (0, 0, 0, 1, 3, 0, 0, 0, 2, 3),
    (0, 0, 1, 2, 4, 0, 1, 2, 4, 6),
    (0, 1, 2, 3, 6, 1, 2, 3, 5, 8),
    (0, 0, 1, 2, 3, 0, 1, 2, 3, 5),
    (0, 0, 1, 2, 5, 1, 1, 2, 4, 7),
    (0, 0, 0, 0, 1, 0, 0, 1, 1, 3),
    (0, 0, 0, 1, 4, 1, 1, 1, 3, 6),
    (0, 2, 4, 7, 10, 1, 3, 6, 9, 99),
    (0, 0, 0, 2, 4, 0, 0, 0, 2, 4),
    (0, 1, 2, 4, 6, 0, 1, 3, 5, 7),
    (0, 0, 0, 0, 2, 0, 0, 1, 1, 3),
    (0, 0, 0, 1, 2, 0, 1, 1, 2, 4),
    (0, 0, 0, 0, 3, 1, 1, 1, 2, 5),
    (0, 0, 1, 2, 4, 0, 0, 1, 3, 4),
)

PACKED = (
    "c-ri}jelLYaUlA3x4UiEj@BRAw00PYRTPP0pd<2LN4!U-=vc9(%X7qQ(-G^)62nMQO-HmEd862l($wAN_4VI=m>B>A"
    "oCBP%`$-c1S(E?*IKW^qGng67{6GKYzy7zs`tSeaum9$6|K}^Oe(%ixdhL6!zwuXZo_XW!|Nj0fuf6$qe=o~_{hBQQ"
    "&G*i{@z&qI{>EExW4l+N?$tMc@WxwEzjWq}A1<B4zOO+U>!9s9`S-c=INqC3#&%eD_U&`$m;d)ayz<(G@Bir4H!r^O"
    "<4b2Qzjoow8!K;KymEH+@1XAQe*)t{-|wBdqQ;|kINlF%yt8UN?2GNF4#tOif#cC!<hQS49eg{Xb-a4%%#~L!UAwYI"
    "eXp!7tz#Xo<IOWy&QcwI1KVNU4{$vBo!(nZ>*odcr8*d2{w)&j`@^O6s{-rb+kJr5JB77jU#ffESsRXLt?eznHn|>="
    "Fr0a9^6#W?&*iG1I{5ZqT{!d3PXR2~&s<(x+IVAS>D=J#>UuB5IvDN-FAayIcJ9*X6VMmi@zS6khohNX6;vgEgWLTN"
    "KYI7V#aG_FbY>H`?83#(l~qK6AN@p@U%hbg$_j$`B8-jO{bQKdrHeOLB#2j*)-Ru3TJKTcGnZu@lyM#_OIrilZtM$f"
    "2hdimo*Re+Q0l!O{p`}k_h}ok-TP~+w*bxF`N_`%TTwu>v+h=0Ir~AQt-$sE_|mn@YnMK}y>{o!=GxNm^4j)BMktSH"
    "#(M#C#`zV{tgsjG?TWqVsl8w@<7Wv}tHVL6mVuyJUDsU)HrB#tgao6=`4c!jTAKV!a$e+p?n+hi%knQoCj{}8we9r`"
    "abopWmZm-w!;U@_gTXu)CjV#fD*Q_N)o1!uC|`my)?I;Nu^rZ3gEG`-YfD?1b*8b7rm&ugoclsO)vW^*aFc1gYq!_7"
    "5!$$Ni#8!-%|_uS(+)rxAxk>|n|uWzwgzQro6FzjiM7d4hPJo^{Ml=_?{4qlXV<oOvJriPmZ3KRr~HGPRhv-2t)8<9"
    ">%EW6CfH!wZUiPqB3u?O0hU&n1~ipl#eQZEvOeiEU~z>@!%T?vY?S9Va54)xKU~_nN^r#qT$O+1Z(x&iBv0@;S(o%p"
    "4?reAk$#6M!|T<Qp#_mX>k?^LDf7YtkuDG^i!ku14HN0}7GbaeZV~C~4OLVDH!riPf@k+Es-O=tfZg=FN*I*%r$-Mg"
    "awJQAhT_tOL>fZ9v>x@&Yt%CcLgQ&v=@U=A@ZRRib;QnhR+erIetLa4=n)ZwG7?z?-Sry-v5eb#8ISntjR6ta4Rgd-"
    "mNsPFhCbr*cL~u?#9}By)6`F7uZM{24L;v*SDx=mpfdMbyR(yJc>XrBk;tu+&ERcwvK{a$#6nhu-yle&B4NZ@AIRN1"
    "ug)`%hvzvdooCfhZWn;5hr9?02jD=O<}k%&dy0v}&(wy~zi8Wo5)Ia&MDs3`FPzz2Q4$Tb!#a{^Wc_e+<>TQ%Ni>_P"
    "PGP}tAaFeFi|w!u(ct?bi3aOXqPcMK^2#a;rq~YaF5Wz=*gi{5bm$RFS2f$m@vtwpBT)cg5|n7LjwHCtYpWZCm4Fl2"
    "4(o2>c&i%&;zUf(sSZ&PHWtStd;(gHb@1(=L_>8@z6?VlsED89^q`I;8hN<H`e4@_HfRTRxHS29LRbe~x1bqRRY^1!"
    "n9Q<pEZ?%sVJ4oaS0!t4EH#H5QP?ZCzGpW1XFo^LSe7qdSzBFyABH7S0P3#2|H<k))Msm}TUkm70%feD*{^3QZSwm>"
    "iex*iy9H;$CmJII#JZpVViKZpYX&$u$=H8OY0m%|$3O5eK!Xb&2B@gX%ore1pG)^P*Dl?=y|#zPVsmY8NT>D^l&@{B"
    "Z7b>yR2NU}hfux^W%;{obO)%t>U&4lK^ZCZ5V!#Mg|@^Q<nQv}skNkF!y;J<zHCXsjacN8!y>Cr?Sw?&Nw7$q)CVON"
    "iEW?)K38Os$;4PB%)n)l71u_aAFbN_h%f@`)}RdaVmR0pHj#xowOxwHVpnViRZ^m9aQ@(CUp#+Uw+dz4`+=4_6p<AG"
    "1PR030)i&8?Qax}XbPH$Xt-VLJtXlGyh%S#c)Rkd?XnR!HHd4=BZ(!C7<ozWYo1uN1}9FR%!_Nytqn&R%aV@pw_$nG"
    "W)in-CP8q6x@{;!eGY$^zhD*0Sb2^I5BotS{GUuuQnjEZOG#JpKO~>B_+JP8o&$ZKM2f%dx0gVZ*(*J^8Yw*rbK$d0"
    "?L686>l9KQC_Q9-ZqWgh1EH=`>0y0>4>fe-c7+`)w8N#rXSiw$nn9KPO?#z>Z&~oio`!G{$IL<gpNC15Z#B@<vltlJ"
    "^ixa89gNNMu!x|LMvDk)MIa*J4nUbjgl!mA_1%WLbz4N>z9=H7`BaDq)v8Jba4jORmPzr6^OlHUGe%(;V^Bn3nbIfN"
    "TZBk+Sxc~oqT;j6$cYZiV;d9^Sejhj$Wj6h&=1~F8c4DYXG0AyFg*})k`5w*J@veAV2AUzcuw{CQy3x3Sce#a?Xd1H"
    "l%akEf2{L|b%YVJp1Wc*_#=N)y<JxflcL2ilY(v7UN=lixJ*hICdG^#+5s37lofA&5@J$g$chb_R96WR`nF_J27x|e"
    "CY9$}L>P<uZ7(?WYbT&Fo+#N;34Ew70D$4n;bBSq(6{j+_u>N|H`+yO4e~Gun6@Qk=FW}_lsdJ5i&T7VPZOJAmW3&?"
    "eePrt=+a2R4=Fgbll5vb&}4)F>`H91T4M9VkGHPwBL7EDe07&_#VGLy4)!V`O%_$dT!~l-&TFd-zpD=XNW2!*MV%?6"
    "xCqhWo+L9e7QE9*SMqwbuH@}G=}O*Sa9v3yA$~hdh<(Nakk|QGR%=2ox|)#Hf+l43Tz6wZaJy`bTMudH&UZEzw7y!G"
    "$fCvP^af2x6QU@0K@-xqG$HLMHzQE-s<udcvtF^GWWWNSBRbt&vEhe)y%f|{vEjR%TXesYZ(c22#skDAswSGNCd@jR"
    "Z(7PG_(!$GwdzP*slvn!lFU(J5SGM+#}!5R8B1J6T&t28c;zg08hC~6$XNFtl;z(_>q>TH(z?pJH7K*z75lQ*71|=0"
    "a5(I0w61dP)q1~o+#B!>*R-{Iqsp{J`-EfNuuNOa;Ttg9{R%f=Xogicyf<L1Se8J>QS=Qs3EqI&$hQGSW#prIKn31_"
    "g(K7>is5$<#r$?;%Zx`;OcI_S_QNBAbCb=JWa?Vi>$B9l-e_^5t&pR7%agy*E_*Muok&~oN)@tyA@-u_%v`BtYwibs"
    "@JeNRjG&ZvxRP!#tM(Jf1-O#d63DPnVcU&TV>cp5LItu0QC>Ox4t^C{xksp=bBnx33O#y7dX`DEm0Op|q}gSXS%YCH"
    "KA)9d>ey3KI@vTISsJBDZb(3mq)FD4uzfjfRWdWGX5@*>&bW@+B=h!^`G<de_rj+?`sJmI_uu{O-sXb~pKh)^ym)_Y"
    "bsy_~@~iT7jN0LNHyukS_GL@wim`O!cr+LJ?OnEX1{La9N9)~OTctYu2DZbxo9+qVzRbE1<GJt0!)#ZmW6{V{hL^VF"
    "8gW;anj3MK93!s$4TE^|!QSv-<>7EJSltJP#$a*}Hnnq?h2uk4KHCH0$v76xVOJgR@6Xdy1`+9JzrObVBXV<sRlfgd"
    "`_^MbuAl#=teRou!h1d5;n|Fi_y4ukC+c30mw3x}U~6DG&IZ-+7yfB;<#SvH@}!l|hl4{}22Ag!hc7Fc4#?{hU@T<I"
    "mYV=w$qa^K9?5ha)$p`bqlRa71r(Xk*lPHJ=2;9_5(WVcZap5QX-LXoj53SSGM<uHN%5GlT^y<OJUwN8{Moh3U*K@K"
    "p_d<QZyexq`O${u%ni%MO;DaPvW$@2D2Rz0J!RxDVxnSzN=%f$!KHq9`|h2c+rNFfvx9=oot>j>gkWb;9l?&%z4>JY"
    "*b#>|G}u!c>{<GZMC;a?X~tssU_Lk$Xt5dEUq>dTShrBOL4e{0&VGC6Xf)b57zvTdCdgI^(==O^-EEDBAPW$WC($L>"
    "IGWTE*(rL;1c_{69t<3!17;rP+OzV{Kx8+N$jah?1Sm`D(nPje>ZOr~@`8rQ0Yfo(?cHH1RUJsd;N1nZXmDp6dhcwC"
    "KM3nQ+jlnkKZ9v_AbSmDJ1H2sUqJ-g(la7y888j>YKfA8=HMyQjr!462achA!)5Acn`4hGbF6*%MlBAXf?e>&Y#UtD"
    "n&U=tG_M^FF-W#)K}O}<wwAnS;!OKqYY_qKP(&zT6Sc$fK5?)K`!Y7I8f?PxXf9heI#pZhX}N3Lx2O(3f$gyF6T{XE"
    "o-$OYH;ub)>H9~T*LX}{aSzG5dq`MBs5vC-)*-175iH<1_(#p0#lXn>x{X>&p5rKdotlMrbjact6f3dr7r%?%(b3`;"
    "dL9&gpX+>|C-pq&BwPGKB7%Lh7@3>J2T%O4Gke?2;^(f_5?Xw&%#AI6xn;MB7Qd-m{HhgVc(uL<Wx8hI)f(Di9bK(u"
    "eYQ7zo(cOpGPJKF+!x!Cg1zc$O|RI1=+aFc4-ae%wxc?9AB4*&-QKY;9ss(%E2TbBy$$x1LbZPIYK?VFF6nX#ov58P"
    "7%Tx?BKLGNvntsd$07{^_(;N?HF#HJ;M{?-8HOeWMOsXTBYP|q_J`%ZhOXA0$;&>asY}L&J@mYD=u5Zmxm~S0Is_{%"
    "UdS9Oj5)OE5S%0(&7synC3C30y3W}gTAHGDJuI3-=XSM@{=KK(9O}p3Hj;~F4y9RZLS`wWa`jDueM56-a(c|6ydT<l"
    "=rf1T@qOYrrmfXV(^eWXZB=t}*1BRHjEv2&%7!lYGulwoV^@G?vxC-kSk}6hSVK_jYOPfx0R7tZgN6d<MxHXq;YwxM"
    "oS-;Rq=>byEw5B;eWUY7%2bA(IbM#JQQy+KHoj7s1CEa)5{EV9O%6DJ-5l@}@c5vyVB=xV1{#SLrX1E_m~o0*rS>dQ"
    "q7ZCC6>G?+%^KQ^bg5UQYwUHBguPC*sAI9sq{tfbHVOpu6let4o;zd7n%3B!SFtnN&m>8bvg0SN2%*)VhcDn5D)U=m"
    "m3dlLnTIGG8xL+}qZF%T2W*2C3hmT$E&O!~@Kz0TT5G@))7I+eiL26gy`yA}$F9U{zyVafY>Q=BXY{2U@A6Q6&QS_H"
    "32x%uydZsU;<KZ04hQp6xTgM#hQjsd<AIpOPzf<q!ifo$5ZusdUyyLA^p5}T)14#MMo$my-7XM3^Nch{g-{8(5hs*~"
    "S3eJlC+*3tD3IH^g-YnST?AAphi_%Mxs|Co<itVvYj>Z1b##PZ+c}ayCI?>PW|h)p2@;-}7S1#BKtu!v6HXjNzR_sp"
    ";g(zG28vRs9zl(NqC+KALZ3gOKvIAB7<S_yx1e+r+;NglH2h|vt(f#_;8iuo-Wq7w%J`9Y4MlvnZ)oz9o;|7Ln=>!~"
    "HxPsr8+HUCs>5Sx48Ya~5<)0e!(G_`TtSEn^I&A4cE!P5129=lU^iSO!tH5b09LE94Z!YVTmvvIrDOoECk1BmBF{@x"
    "w<v{!R`WCfFH#i3ddh8EX>0><PEiP*b6%q@WIbu=twbou4I6;l8<K?AkTeGaaBH_U+qYUwz_+@c2F7QEYv)_7><*G1"
    "Yu{?Ev#&Q`7JRGwwJ!rEXaH{Kc!uCm24LK2VZDzOS_4R`iN<`>+R@z6mXnU8o^N`z)&;)Fv!XGpBDpQJ0k|Mz6md<v"
    "@v%P1gIiuL|KeS#8gO!VFbm<RO0vUIk&}<Au2j~@jJL82H?#4|ZG#s$E+O8vyHb^=KFZyB=jJ<sD^+QVdG5|HR}FD|"
    "7;=$VLuIH&H30zwi9B_#R6vJ-_^|P>-aLY*aib_lx#mMQkL21sB08E!gx5S$Z@}cQ>nl~*w+ib%8N;{g#;NeFnyYza"
    "(Y>PBFvqI?xtd3UjQpc#UVkQV1hEakQE8NyDO^EmWE2%qX>?kYMvL#_QqLQU?o?&x9(H^)?o$a<IBL`0p({+`8uO#P"
    "9Y693>`b4V;RwlpN<XY9Z_o`Y5Ag!(pCmPbaBY2I=}iPy?dUfVS@oNUY|1LJ_JTC^Qw@a{q&=HZQ0rk2p$;kyQaGqQ"
    "I*nZAg?F58scK#7mYR=oOU1CoA8$S1&9|Pbu*JJ7Z1ENpvR!phx7>rO8oF$$GHkKO7p;n{%A=91@W{IkskJ;c5)Y1S"
    "wLPd;D-SAr^6CEG_=%2+1p`DRH8duPL77irP-X~fdBYP^1glES?07%Xt_JE%GdOnjFN{yLkIxhB5bRoJn~G1gV^HSS"
    ">ZCTf*HoS4@er+5C-uEoh{bz_+#uiR>bd%$%$|IsV+3VB7Y@pt9LJ!{b6^c)$WiMH66$6#gEAlYr)KT-G|lww1-;EF"
    "d4=q-(Y)X26>{JE3VD(Aa6U#}{Ujn<8lt6PfgjVlX$`gONQ=j`T8&3ax_s`BX(vVDre#H5^vASKpT|`yFehSZ&{^gD"
    "58S4EOO0<r<D1a<CUjzNLOqgSstr3OOM~aZK8-nR^K{j9HuYX-J?zq4$rZbVm+iu^OE@D{=4nATRo0l$ccOVZ#5Af|"
    ")fiT<0xtU8CtRGLU!F0Hp7h@Rwd?zvU+fJxFf7pZ{j8T_9gPJYaSw1TYG)1BD@RX)Dml2U#j$7(6g_FVN%W-a!>m_`"
    "o`h92P_Gz0sfT&SO3{<hI8~TEw52L%^71#<)WtH<00TRmcVfPi{Pf}Q#tm3nZ@8hNCrPx%3h1+}rnsEYuT4LWo+O(u"
    "Ckqu@1fcbQd@<_*TC1?EP|W&eQUD^fy2h->dC&-M%z8L-%ae;)pIR~NalhQyBDi~2%=(_nV5fR4&+uJEy962by9&|d"
    "T?Gax-PutdD{^BviHL%R$UV?Vm)pFnP@79Cu4Uv!W*y+6BJ}jFcNNJL-&HiuHDU5)q=l$w)>YSCIro5)#qX$J-iUXr"
    "2?=4jmQ5<pShEZb_Pd!RDZYYn_EXKz@f}e+h@&GFh|!bg89m8E;bQcpY2TC!RC5uY2Ta4B>xuq$qMio?!kw0$2h8uL"
    "JTvFn=>-(`iy~I=bnPT-el3LSJe%RqD(BhE^q_wk=h=cN!lTp3LQK<nc8Xr^9yNj(LyZu<+{g8DpM)A=ns$)(!GKe5"
    "FyPQBWU<&$X^Ez|$YL>lM~KPcVkbL@M=Tb(QMrL#D=8~|k{Q@RDjm6#$vJZSR9dd;Yy$a_d!c)aUxrOB8P@YIg02U$"
    "Ormn`=t-$c-CNR5S(%qR$H#SHJFfma3F;gRO<2Ie;(w1Bp<_nqsb+-6P5#GU{{GYZ@BaSY<_ny`r}tkxq)q<iuVnes"
    "r}x($B4F>su(-*e!Hn+R|MH;(?89O90OIIV-^~ZI4$3%%hr{Os+GOktZ3h^0e;@b<edE{n?mwc<!*-AM_9-LuuYMEq"
    "CcRnhP5PwC4&ZV>yLbD+-n~D3z4y)Li@o9S!QRe6Mw@`R#hU<A=8Vwc+yzhSa~Cj(@tXvuec3`S0l~DN>5c;%PvIMq"
    "MGc63^VG^244|K3+YDGrdH`s!|2R`QQ74$oVAfH~?28m`C=GY}>%AQWE-u$1J_ty&D|FHj;83RY5D0MC&@}+l9+Zc8"
    "W04|~wV_Z{q85Mi_SZUX)!xpI$_UMOK@#R*x|k6<C^bH*kQ$#6*jwK+8C7sGD7*=ul9gpc6hIh?xS}C+0M>3pA~TTq"
    "c=&vmAP65pgAZ(F4(AZBPFgxWUKydS^A{wt-7-Rla+C1Lfs-xDxk-{a<R+;?AmP>02dSUUB=&74fxGko592-_MoIk+"
    "^kIBBJdjlf>M+XR5N$&glqCo%(~<ghxV$kB+51L*2oKAFy!Ts&&%mz9;bYh_m~c=<+!-ITL5f!rYlOmaqj7lcuDzl1"
    "s`vev5jtjso>)fcpv;FG`s?4w^0oVqw)YW=k6=99&<|lAw;z4GFQK@fjqZTahWf7Ek#$fe<OX97&Kdhc+Y}8vkL7%V"
    "VkP3yZ+=((e)UQB_p8-{y-%jZ%$YRU6WjE#^3T8-jPYTh9x1V4FY0)XiovOQj!|VYDn1z$9x0LXQoH+eVnR`68Lmh+"
    "w@ywA<OJ<T%Cw&q%q@ByZr4BE|KsQTn}6IJzQpbNeE;PkZP%5R&({ZQpYLaf1i-;zPTPeN<2IBxvO^^?!ghVWad4<4"
    "M%naGF)8c^?LZ?OW>O(p(SsWWv(z)MS*qRzWLR_oQTSlHfZ%z4X1Rc9CWT-czEn)=P%$aBR%B9nvgNvfs81Oekkc5w"
    "j?<SJ2OOQg3}L4&2d;5Bv9z3x&C|^A^Q5TDY81Ur?U%83RAH}8i62{(m>h6`HS9nUP4Y^+y`RZ{!5^G3a*xNTh?J#t"
    "dPdsD0xm-%aq&OshQijOa{98|=Z4}W#8MWEm=QW=gl=fS#qIj+!`lz6?fT-5yq1t81!eiW9omLFFpT1x^2>LjyuEXv"
    "_$Ky!0A=Kx_(}OYp&aOB5t`yG<h+8E+ZLl_nFt+IZbXp{L%D@ZxrL$J_IXB2k_gMKmH<_jTkV0+FVT`)!Br0^H?DOo"
    "$08#(xsF9dXX_k`LavkKO6VG8XvCl%iVhHz@9s&2C(}Nl3m%r=Lis6_p&qxLyTTvG0|5I$y9}&2LAr0rLqPZGh#9(%"
    "c#~<mFC4lri0%_|6Wy1qLn-LXZzm=N)zN)h?$Pdt1|LZ7skgHh=)T(VXWGsxt4=_uHNVtnOSmaXxMoMm&kGw0fUFfY"
    "*M*<8X9265-{vdqXBJ3if!bMQ7SPeAV40y{Dq1t*xDb-EjdDZt@aPKiSrHNpeq(Bhw1~vABA3psXc{jVN8)(FRVzoC"
    "A}=|CCJU)`jTxb5kP&(gTGt@-ZM?|>cq3Y9T|;sdYf5Ol4iO|pO^GJ#J_j0H>p$<m^k`i-V7Ri@RT!;nYH3~TNt;LO"
    "I(J9H3iufl4>%ApVIK)i*onb4CXhkq93+qhce<jLK~xaPUG4k72yYsK8vmwm8j2czQGJ;VylD`5$i`rw?37M6F6jWI"
    "w^Vi%${t0IU}+OZ?(uKJz@NU|Vn;_MS!lf@{4!yezWAo$*ky!1u}UKkf9A_WGS=lGu`Uk{ltx`sl^oTkDrqnFk7g?N"
    "7pcW0Uu`u`@R5!$u(PA6$98MsIh65glBOed3gpkUf#ag@eVgN+n*3cf0H1sVFuX0l4uH7j;bylyN9Q;ifZ-E=`t`ru"
    "e)MPBC~WrUoyU&>kFNjbUjqOy;896@_^uY<K}9y<Ga?a#-7MjgN+IIAN+BZ1Ue(Msdo{gmaYC_IJ+e=nAir$6!H6IT"
    "MG`%bD9In=3m1!*zRV&a2rUD4k^{*AEXyR2X_;jkWflTz4nm2wT|})b(wEW5hKG}sC8znxw?XjQnBj1<XRR|r^Y%kK"
    "9Mb-r!|VK67wol?49KL8GeRq&8b_Ri0XQhj7svr0L(2f{KZZFSLxxrdS)Rx99KL*Jvb=xCjVwP)18@go(@?gnh`>Nw"
    "qM#ARe}aZbPP4w5dhk70JQCIcZ(;0v6TgG``=5O8^>=>q^KzaBto!*ds`E5_Fjk%hbeuw2tB|Jw>wfXO$~+Ap%qdU9"
    "2d6eq!`%Gbf?^b)$c^9qTPRP%80ihW<!R`U=rHDKI6iqA+N55Lc^YD#hM1=z=4m+5c^c+$r3z*=9-HN#I~5s?XBO11"
    "g9HBtvuZzq6vrYj@=3_kprEbNFeZ)iG$h_U4U;mD%qRF#%+nC_G{ig&#XJquGXS^uS{`}5mXRAg`L0YYK59-aJk)>I"
    "c^c}mz1m#gua6-!t2_;EdfS+%A?9g_c^Xbto`!ioH48>@DNKbW25RSVinU^wP@VFMwS<l5d@TyTp0UQ~I4IDG+qsmv"
    "&`f#Sa>a8U^>Pds-(f2k-%u16&*X(YQ!|3;kuAzov!FvoQ0Zg6-`l{~h&E7B&fF=!-`lXBB8squ9v_L*3SkE55NF;T"
    "mLxmROFq-XdKp-FvT~rGtZX|^Rz~W{ih3$2$AhS;=4GH2m=%2P0-;?!!e`;FB8|X-TIcZ8?886Yy>kagLFnK4<|xZ>"
    "5tZ*K)l)MX)%U<BA6f4xaq+mK-#-0n=jbVXXh&~zd)Q?*>_&NRua!rzXEeh97$0cJVh~(j`;nYi2E9CCbLHP7D{St}"
    "-V?MVHgsZ|5gR}JtP!X}a1dc(g&7tGew_jn^Q?k_iKq9}Y<%3KxiZZH%)$RGTnntr&>zGtp>a!CD_0XT6bIyq_|)uF"
    "J~dmU=p7*!0N!f!aqy(ivF$Pq)93i3cer}$Li(|B(&q?o`kZ=AIopWLGl3JEKBpNp?DQ(l(&rSOCdKqQb4s7net)YT"
    "k5s46iBHXr@l&&)EgI`S8N(KR<5bw9=c>S5bSv`lNuTr4vzR_7rq7A#bEY7Q%+icmnLei=aw{AeSvXQ1A0T%j#Ux|0"
    ">2s2pJ}0KnnO*uE-_dt+tu#oVlk}rXD@IQ`)iLYa(9dyV)~Dmfte?BJ!=E6-6FmvxhfjkG(Ubhv4o)IsGD6pozj`@R"
    "LEKz}<d1^2gJ*?j7Gv)m%jii3-d!I(sfkK!lF^fzVS9nSnNutK2y<AS`KbvB1tHu)&IlcyXQT7%?44)Zh1}+TS~l%B"
    "4!ON(&a;g}<rkc1VdaNfS)Dhb79NSZHh+BI8$D^R&a=VW2|3TgzrrdlSkbg@CuQ?S@pf_oV*L68d$?c0jiFzgeyq}>"
    "ZL1PR97m(vQdfA=hSD!+<SG)i(C>KsNUz@Uz?tj&MUjBVIO|yEYF%rkFE1XMq{0qasnQB+yy0k4_>3Y+<KSvZLIh+i"
    "m6qZeQKjXov=-CS%V7emExof!I1H7o6AqWnPDLGUQmxX;=l&$dPug?EE^xl#C77?ynycqy=p32iBqe&HR#(XCZKh4V"
    "qVvH#oe!?>XT9FS#<^X9*jP1L;9JJVN}I;Un%+&VaZEeH3W{l$DnT|)M=Hjb&-2zq^22rI&bko(KGBzErO*{{oF=4a"
    "5yJLPOt*0)xYUXS=b3XM)>-b`K^0BXf2XaFb6bTY1j~edlo@*Zt2jmypE-`_C3IsTmX{aHOK2Lwcsvr_iSiN(M2T1+"
    "FQIXzV>0^A+7YHIYESBo+SAMtCLO~OhHpZX!o|jvBX8$l*xC_h!p;Z$t;ssVgq;suoR2rPM&2QvZfe!I)yzAjU%09D"
    "XQezSPj=i_;7OSb`&aCE&?rFt&sSdk-kDcky>#XZM(<|JBGp0p5|r7pNKw9_d=1J_pRFxzWx}>fE`_X;TeejaU#@f1"
    "aJDfP=E62cYUi<XTJ}k*(^gK)KDlL^Ije(}^JiHd&+Q6lyU@-YZ?4+1EQ;e8Z<iL_cpD5wppZtEuWhbv583ExhlYnx"
    "1YiWk8=&gD4Rz~k&O?*q*<&ybZs@eF<-zFl(*t`qYckI~Bh@^QT(F)i+Sm^osm8aZFJ7{M>g^(+LOE=r&y9&*&4FCF"
    "!=VT!2VN2$+9_5%GYyIse#MGMIN4$oc<zWEWXg}OD;gyAhwrqxu1xwg@TwYPZw)k>iN!X)m(_wkL2aHPd>RNsiVZu0"
    "5Y^$aG}+><4J3q6tfu7Bz)?wjgt#ydMh0qE_K&c$#j}S*!Qla*-N3m+t)>)h#w^Co7O%pr6dfa`=iD(jz8NX^Je>}M"
    "A$-*C>JUC0riA1TD02uOFlDH&U>t&CIIK;i`{U956YEJ9f?sA-DvD&NCyY(t=i!P$Pcl|hP0x_HnCd%&TV5$*@vc-2"
    "IJrBRg>WjM7VJ#Xb+PJ7WsS^uE4y$r8@g^A+<Gn{^t+;1*3nj7<)%sfv<+FiX`V*bP(j-GKnjP5<P&w0%`2Q_{hIRJ"
    "(v(+Yui6<|CJzMpA#8?KUqMk-+g=K^Gu(qJP8)$_`^Kz&OxmB@PMFi+GRZzB%qSbjGPLj~XA+>P;i!{csE{q*aS2yG"
    "Fy%R0{iD(-zITdBqtZE_HHE7Z`$u`{>`zhb_fd=ED6o%dZ|}$p*zjF>P~&^2NxgSEy+W7|CFd%NjD2Jphj|*c!;xwM"
    "sM5Qbz)??Q@aJF0WC1Z*K(qMW$H+o&nQx#xG?8x$$pS{XG2f^;h#Ct$Ckr5sR8AIPlg&clxxAb#paU;3;xCd7mr7fj"
    "*2Y4cJ3lvBz<kt6t^Fgqa!y<k=~BMZ$pVgavViWe>y#{DWG4&AH81cyJgFl5MBEoNSwL0ljAqFKtP!-V7R3KH$pUPA"
    "Z<Z`z0WMoX+@p0=B@1xEOXk+P>T#<inZ#rPr#7<MamZND(87TRDh)0t3uu|Ko|6U8>yKix0P|?aN$K3Tk_EK8q^Za|"
    "93dsqF>YGNiL4A~asu^mHBmDgCkxQ86Z+-%k-nIk3lLeY5TRFxPDmO@Tq@#PO|k&OEpM`b#f*w-_Om7`YJ9JM?2-kX"
    "fW+&K`7_1~=Y9=B#dspCnFKVHlcqY+ZBms;XQ36Ct)J93jiEfnAUU2S()3<mYw>FM5qzd!43gtUV4hYCavv`+U+vE{"
    "$m{7%7O?pF!#yP45H%+8)RsuR5aA#dxbi}f3LP0L6q0vFmWFDwnuj8A@nhI&SsLo2Of|4H_`uCmM^Y3ctDW*>0S#<z"
    ")vPM_2URRS2e0QmO(LsB=h^5yd#bG+ZD7}qv#J@v)NSY4QEO|*XtvI?9pFc+ABE)#`UMaA75sofkL;B+gvQ9zqp$}4"
    "riOcN)<J!o7OL6eJI{tzu4zvh*G8kf9=CE2ye8&6+kSs#Rn=~(`4zvTprqCmRa#M{6;f%1;72MgBdw}HS9XTqyh(=N"
    "#(@~QpH7paq0vn8Oxa&5$*bc_&nX0@M{ei6Xll=`kDFZ;f-*0Lpkz<8#SB5IBdgbipqy3=@^Y}w#C4vXU835XU&_n$"
    "C*PJrP+}D%Gd!M&Y8NmBWlU6i5);+N5R{V-K^b$g&NCOQFJ^Kfz+VhO*)0TRNBy_l?`O}NBq&ugDJBbu&m7}3$N0?g"
    "7(R2Xzo|8Q=4g)@pE<^7j`5jeeC8ORId*#H7@ZGJPFlBVsrRZgkTy&)=u0l`CKOG4H#J_}!X;~Me^Z;4S|`t^qt<EQ"
    "9a6YiPoF%pb<gzoU2t1xz08{`5BRf*{;$8F?+n{KYWA~bYXtQQ(C5LKjqAY~d}o-&cZS|~hKp%==lK=CBZO^v??fdU"
    "yhU}sDr_N2sJmDLA<DNLn!1t9q7W55INM$$Y!A+SwjP{6{CMl??#EltcPZf9)!n?mo99#k1^IWr3;podP@)Y|4RiXb"
    "HfXDy)ZnVn?Vx_w6{7qx?i?Yi_?=qS$W~i*_tj3hamTuGfvAAcuU;MeDCWlPL>{YR2~JXog5`7&q6!(EozE(}K&$gm"
    "d>A0q(}4~$D^2Ntz4pD=-+ArLGjE(lYXjuaJogUd%fz}jp?n7NXTI^)(z)}PLzAo$P<I8&P%oCwT@{#rliFb&J2AXt"
    "<=?z&IX__30B}cJJ#%?&X@k>hVjT_Vrt_qBo^+np>u;>n`8=(ZoLAYMqS~-ROI=#;3HEv*S2?J2^Lttk&MoH#?srxD"
    "IQWv2o-@fw-*Q)T-ti29rWKwc)`#IL_0G!DjT?BuFDEDMm2PJ28FJp6oV0Iwh6IB=;C5k<hbt?q>jMN61$lt&x=bF0"
    "5aeNfAg}7698f_XHe?-?m0XZJP8`BGaritIQCU$9)NwMt;tI*T?vB1<ppt=*6p@3$E4t@?4arn$rrMoFb+FxVNVm{8"
    "Gq5tj;>hhXs)pTijzf?K>&Yz??I*YEy$(Sh{Qiz@ve7n{4q0KA_dR-#dg<`0$;W9lCDY4<e6Cq0<ic^(r-8B8a~d@E"
    "wsb=?Be?kAAIA-?S{H@dCM2^f*N1~1?hrVxA&BYJLD9IO$;H}kXv^*0(0XYHom#ze)}v#qbwlfW-O%P1|0l>Auny6E"
    "Wp!haGK<D`ShtG!4!dMn4<Q_G9Jvcx9#?c(RL_=utO4tY`E6vWF#eI`%nnty>lPnueZ5PJXBKJM>f`@x6yyJ3MUUeD"
    "<bn7<c^B_8;q@+?_EUn@@>7DjleS}?<oyIh$5`}K@zYb2)nU%S!JGj~&wWc3)Lf`g&`zw#Q9)nFK*D(ijY-)W=i@6J"
    "UGSm{UdRQn!_`f#9x0sGggT->;crE74G(|jewsh`?Koex5oJVfyubTpBX_}NHmSNcElyaGNl=TX+1ux8tgj9$(yvbz"
    "KP|WFvcj}q$Ui?lQSQd65ap`Tb;^&W{42NjBKL~bULmYj6rr{ag|LDsV&FC3$5O#L^P%*KBFE&hR3(j}G2>&YX*`yi"
    "C8L}EW2tIZHL1r^{U-iSe-lGmpT>~Zb5Lmoqho~R7T#)P);7hYkk+ZK0PJbSWl|Z^8fS`!7@SE`JEXOt6b1UpA+6hq"
    "?KokKHL8G;=-{HBcmV}k#mYz%j&x=!txz0EwzjghNI20kM3d+kr8trZ4a1KRgdS+v?$ymgTBqnYU|eeoaU|8~j`Q^b"
    "gtR8q6lKq^U`T83fu3FrHR_kQ^!#F1q$x(nsM%k?`+Q+Pz3%fA9V1z=p#4#$)##Fcn(Vpe*X~Vu+V<R8hZUKIxngqm"
    "+{Fwl5->C@P*{=ps&wkFN{^*=%}?T$bqzRl-!F;;^tgPlJ#N-D_sQ1uW3GhWcugkeN_-G;${$2Du!Dq^y4sr702j+K"
    "YLcS9s@ee@KNMe;PVH4`1O0dH2K9>``tha~oeyICpBVoq#{Y@&f8tFo-qa=*bHz8mveLLegP1Gj=feEbmqhe&16;(L"
    "+DW^q9rvig4W8=8NUi5PJzXDHtrL#a>LS8Ko~|!Y{2zX-AH16uV$((s&XXDLesP}BM7vZBcfZIUoRh-E#*`y(=lk8-"
    "gLA^s)cISJ4R_y|M@J#5Te$m<8{|MgX`=2fh!pL~<MIStnG;Q8$58Mm9ToiT%|A?j8pQu8?1)c-ix=am1je1LXJ2(-"
    "T=wkiq@)RYf4WMVOy|841tkrxXRN@uLbC>+S3a*U2F8tnac6!pZm$ZMZA>>WO>Ynn-N%Ufe|6!^J3qbf-sZ}6w2nZC"
    "o54>Z#0}QH2jxu&d4mr^uEXV3J$aFJYf$DVFW8r#ykK}7AlNt@b~R64B=X~vm-p_kUEkmQVsE&Coa6d_)=ROD#&SdL"
    "P&;d|UirxjRLQ|*EsjNVpeHZOO`g15A7;J6lNYR_fqKO!FHo^ue)8fA6a;Ol%9*_UjWu<#Obph*4(FYi?<7BcIJ|KK"
    "mew0?C<ZIfFjk;qK}~Tvp<kPR%wT2nW%c0b)B7(T?qir`1mVMd$>kCH_o2M@a6cR1;`gC9LjMc+(jJtDnTqR1U56X8"
    "3X0HF{sy6s{h*z!PZJpV`u#uc?cXA>VhiB1mC$mxx@SWx>-nLDEBaz@XCvE#cN;@}KO_{x4K}b-GqtzZf?clwI|dUD"
    "ifc`Unh~xwMT*4u07K@9`qZ)(MR31x?LgCd!0z1Lvv!<%EZ05QnnB=g>zv{82rLLcTD`!X76d<8E60PIx`v;6@=^-r"
    "Oe1K1(F1YA1C1U-qd`z*1#wbGEu-X72&&Ap!ZV8!NhrWqS4`x2GkLSmt&8u3dj@lsOHW>ws|90Puj*lNO;*+8R-z^("
    "1jCDH%|lrFP|s5WgK!rLfbH^|z2%|SKxXN(9Fa(X5ICX~=}Oq%D`5L_aew6m%&C=qggLCv{M7Li3PQMpc$T0+5>sB!"
    "GvzhzdE1oN2*3M}_VypsTT_6;{^Lx+?-7)@_vI+KmdCOiJ?evjcc6%CR@cq_O#Tc0;1u!OkMZgzOJ0uifBb>`(sqIT"
    "{O25J<eqc9f?>bqByV&9=4X_`N}{~1FTi=}oa6mr*?BfO#gx~$^3V5Q9;TQH02XwZ3c}^Vp`7nw3Kw?$^bqzU*WBSy"
    "2;n44$6Ys=L+eWIb*0PBMW*T+y-e3=H6fxF>KZ*o{|rye9ZGqvh4RXrI5}N?iz%<|OSngh=+PN_+=F?-%#hoq=}4Ud"
    "`LjrQJ+LhC0w)qXa*LUXBB9r}6oqlabf^2ga-_1|n5YLiQk8RnlwRLrh1tkaAP2~3+#DbU{fjTZ1FrnRot*<~<uEbz"
    "j#(DvuSU2u`6)Xah7fX)5q;wT{t1JtJSajA??-x@$f3eVSmBmLDcq9q>bsbz84^!ziNp&L&hw5dPeN%`{emNHpUwf2"
    "VGa;Yv5GlB@V6rmaba?lre?P!{M3;VMPan&$PmHdi+$jQ_CypSOwx!v2%&?|FDu;{AwdR6FmjMUrz#OHxP=|TUIRag"
    "`eIvQ<G%zFX6Z{{3Kw3S^8v^uY2t{*7SnL&Y{4m@LMl)WzQpkSd}48>Q(rwUR((|v-WAb^S(Q-CY%=;{UL8SEuhUAT"
    "Ha=JHg%tXJ88)?K*eU{-76}|3TUL3esaO87q}KpfZ=mW8>mIda(I5v%nBo}dhcjXrdZHIgI{xHu<4rBz)B-m(81L4j"
    "Kkqz#Ot8V<${!W0Z+ONl!mrSlC}`w0XWnyOt#76d4KSNv)&W$(9-S$|te?DCxU8^^W=S_Sm_0U>bSGCU_dI!_9z;UY"
    "H22VgAdyk%3OH`;JoKFawol4PYa@_zQ`27$({$=lP1DU8YkO0x!jaTtq*c(<U&S$!=&c#OHKVuYG4R%GaLJ6`nlawy"
    "v;$=%lM9s5Al_#5*6il3+2E$;)1o=hPikC7eC~s%)LS#Ayq<c>>*=Yx{r5Z%8}h7UWD(b@l-I#D%^v;hNb6rqiJaM&"
    "ZBpv)JKr2-nMq-tL8Zs^K<aLjyn073lv7?8=jTg#jickgCY$m)^FWI0+?3Z1)ZM=2aLQ|F5mR1I#XWiwZ`d6hX@z_A"
    "m~YryxkvN2X5}7TP`F0-=;$6jOZVsoay@@GNm^Vgrsf_UV?j*Egz3?J*Kad^^1$)zONBc>p9!<_$xCbb!e_z^KY0-o"
    "rRhEsCa+FRIatSujs?-mgvl3U1APoTlGMJXNKRTTh-xuI=Y-_X&YGrsZskdnCojHtI{oA5AJ7}mKcIsxDNT#Eqy~qp"
    "Xu3;NeY;B4;_~o=Keg7}@(+N|=JU}yEjQCT)oW9`;`f~12q%r-lX?3Ubc|H_U;ghauU+_uAH93w;w$f7I<v`{!?Es1"
    "Kau5kp?u-Y=E@SLS;BT$cj@BIl_jVjZmxVh98g~<V;!eivQspDY^P}Yhktzc!lys_<)w@F-~H^~<^xW(gmpjpRXODo"
    "wZrjlIw_y9FQ<H3F)5#{G)?l`yPWcg)^X|H=Gvuux7YSqlZbV+-p#euA-_Pwc35}Qm07uOA#)P<{dkz|a`L3=1np<s"
    "Y*tHdHY;e`G@I3ulg&zum(6OaGMkkMWwXLf{>NYb{?q&K{{G(P3x3{)oBYdP$?~O7@2@>Xz~b{Z+~m(-M)&T2`A`D("
    ";V^pu>8+^m<^x#=W%a)8`G7WAJ&hY?15Aa5;xc{X*Z1x}qRlhTF^F8h`b{XG*v;yEVo#dv0512ld$%9#-TTAWd*7f2"
    "`N7`KK}MT^xW$_QQ^x7ttWGKRq&}rs@CBh-f__2BujA~*VuO@k5SsA=iN%zxOt+e#*U_X?j8&i7OHjTCW!C>=JFL46"
    "WvI{ghR-u$+YW|JYzMfZG~Dg4_jcGMU=be#q}dfZX$WvAQ`R;FIBe(|fN5`tPc}gsO@;H2FEw`|{^sqkpYH6i4w}X{"
    "<`25-!gOzbS#_y?QgNw%MqqDkSYcGb#i+ZZCvy~Eosng>d(!yv@cFJVPa5%gAZ%q0=P)%7I*Bd6ws0u}3-hqfH=n;C"
    "krn2ATR`ocGLT0OoNQ4}8JNr=WndKo32*ALAoa7E#J<fWaF-t7VKncj4^s1f`ao74q~`s!t&0()i|I!FI_S2ThwOc$"
    "-%lUt_tUh&26jyj-#G85i^q+|X{L87Xu^Ub0@k63@OvnKy7}Uv5)q&s){%%H>xVBM{`+vCM1&WrPHmw?e;g0{Vmqv>"
    "77?%xMTAf9KX|y$@*TFry8B<QDr{mggiax1*uLhaI3D)JcEn%P3K0S8NFsW$w|~G1KCvCveTl>E9}I}%GaaQmL?gLr"
    "I2@q{5K7V?h7SqVLHPlUgJ2?#g>!>C5)tI75ZPciX9#1JLTADx==WT<0mWqakXXPmtASxWi_yoAxDG8v<Twg_7;ab9"
    "8~W?tpj;`-_t*CJGjxb1{t9)sAAP%@L4CHj|2$J91Ik#(PSH5tBO)2H9oE4$KPXmW-EV$30kN`6n%ePY%E_jweX<~F"
    "YKe^8`^$^Hdw=<QZx3<&#h#o!ok=L)ezCWsNG?!DJb!<H^4Cz7zspA700~xozmauN9_o}4+!dOVc3p^SCbj7@sbPUh"
    "4I474p~a*s&fnOw;#f=y=kX+9j(IjYCY4%Ds+#&KCb4fb3EEw#BN0KLQj7XQm6DurEbIquWJTKKu)xi=a9FTvABuD%"
    "v-S4_in+k1D58Gt<Y~qeZOkI*gK8C8B$hd*!ZbCsOjE*Ek0l=USd}?#U;<^NmPjXmRC5nSi62{(m_Ptk^sFTdJ!`>H"
    "un9hES%BQSK_M-eTeo12EDB}K%#pLcT0d`cwJuDB4-d8TTt=+}Ky}K^&pLO{+0id}wYJ9R!vvkUox2f*X3D<A70<Qz"
    "-55TL!v*nK4DwBd5t?tRnFHTM5JQ>yCOXWizB^EtS$vbbBHvUFV;xmn3aFZI8hwQ#xx(;Go0kw!!<2^wD39D~5e8yP"
    "mfQ;Y$B}YtK4(#G58q_5Y5zd}P`(DdT_mLmYrBZfs)j-Z0BOuO&HOY_gnl_(eOT1)$};&!!uPQq);)zX)T2|R?M9io"
    "POsQ+N4rs0Lx0WCeVVzU`vBUVOw)bg(0xI4-|)E%T?$YN`tsX}NkNU=P#VfTE!|L_S#BsNz(KmP++lW9SlBC!BT1)M"
    "{Z-B>%4W{gZ*NbZTlkEhg4s9@F3Mt*8=99D9HiTy+su1zKmPaUySvEsfC=sH0<^W(bYL)t+Tw3>9hB|4v+`Yb%Rz`0"
    "oq>{t)Vek>ZLOZ0^$qykg4}@H`^X8ekK7!zu0iPAc#{S2Mzqzsw!2cfgeB--*#1H*ycgPLq^%(EFKE<Ci?9n(Ane7c"
    "m5t#SWX^4_q{6+DR!6Nw_rlYAne;hZ&NVzwaJP7V)!}*OpfnmoWxgL)nWtrydFblF#slZ-0d26NeD#1*l0)CBs|TA0"
    "<WvQk2k4u!L}<l(P9u8kO1y?t`v_B8@)1tcldCjZ93S?O@atE5Bj%vGTnWFDyXYSBe<5^3c|_ZZ{Rf&mxYS~bV!w}C"
    "RA9S0*(sgup+*6qa6&lPE^F%f5n{VgQ7bKhJ?KXt6xi7XK6J(i&zr@!>gIU={U5#h=6gT-*`<r`zk2D~l{E+uy!sx5"
    "n8LcB{altWLCC3#SJqb7G3*q!!@6tlf3ms`_1W6$R+eI4Y=?Cmcj`SWWYv}(vI^~mKl}By_a9yQ@b=mr4nT!<KmQGk"
    "=Z3(db~xTAP6#aQ%OS8<O$aP2c-5921B;e%?e^OCwcB^McQ~>T*3oj;wr^z|lnUEn-6w7=Ebi+@n&PfoR=6o&4CYl6"
    "+3SiM*=ya6>;-M>B750$$SK+tMw!Q`QJ%<Nw>+-j9NB9<9N8-`NA?ODfN?|70DSHKqwRf!A{l^TLqCLhkO6pmKO5bF"
    "SX0UXd`H$nS#bi1|8_L3%!;N3pZL?S|K;|hKhs8GGYFCecy#?Y{~7>z0gp<d)V`|)I4<?W+jsBm-2ScB&Ed0T!e>Mx"
    "2D@3pCzS!!zN-wV7G$q#<~r1v>1BsjQ=!K6$iC2O%J)3UJA@i*7-+5f{9S|cZ76eSFKmZ(ccHwkHJVOl@vJr~7;YDh"
    "b@%Dc5eNRVNC-m9fSqFEAyA=Ak<fJfwrz~xMnKIWK${&iOu6v$*X}<3>gb4H&C|#xo|%ah_Q|*5NN(Q+USmAVYjUiY"
    "AYsLI)3L^aalabJM>C{ul;@tfVAGC3zuF?MVSya*G33J%pnmic#DZ3bxQ0BQ=kVpziEG$6(pzptdOJ;V4Qt}wwTx?+"
    "H;rpJPsgbs-^4oPoA)2x*?-Ie4z|O(N8jF3o6oG74geyA-hCVnyYABg!2J*MO{^mk;m*$Ej01pTJFNTmmf48W$RbWu"
    "MZ1AxnG=W4z^bpMNaF99YpJnmVbv{d(;9`ZrI|+MAm6kgp(ii<l%}qZhM9K`eF@9w=I0g^qp<FG|F(3lx3an+@8KAP"
    "5Z<C;JFHuM(o+%t<jskK0Mff%3<5|o|E#cSbO%;?(#vbx8zew+v<$2}yR_aDs~cG=Oprq&@KE){ioeDWe$_oXPfU0<"
    "Q6J13wfq}JEk9QDNXwrGwETIO5OKmAB5sj<t0(QY=8JO#+6aOjZ*Ypy@DO%S0^#+Zxv;~v{`3AzkCu7^;-(lawH0m;"
    "9t=8K{=B1a^~|*VA-QAa^WoqS&lxC!bf6fe$AQ&@u1=Vw20(f+k_$(aX)N_U`G4*GNZ6E4@5$>U&Zy0`;=6_8+~}D6"
    "$;?ALa){Of?ul|}M@!3JnFU3y%ivmGt^Lc3F>nmL7Vt_{m<OXLwJQ&1AskiV^L`ht5gUS6Dr;oMTiJ!1*?8r)!I#@y"
    "LcHr5aysi6a=J9dJa^}3-jl1?6M2v|{L}qEeon06j}Ijc{CxQGP_c$T?hRl55%LldYj`Q~_vN86kGzDcL!%qT{6*OB"
    "r4$DaE6pQ{<;#zMzJG9-8p4dw`g}b*%*i}*nC6F?6yf1G%*i}rdK}{62(boc^kg0xp$45{ha;pWY?b`=VeawFDzOG!"
    "E3yVKh#aDM1OwU~(u)V7Q!~lA9fr&!?hF$CI+;iE8T!;t&$p^VuxZGgTgJY9)-Lw#0wnb^#`DHWy_k&(i;Y$!^>Qxw"
    "&-_Wf!sZeCWT$kpaY?eaWF9#TnMVu*JTytY4s$k-$f~X9wMo5-IW*j)UNLRqJd<HG4(Vbi!w3q$be)6pHc);e2CAT@"
    "%0QV@wNLmh2#z86S(i+`dZE;V6lq@IPM3sVj*s3hB?R|V&@dUknnix1J=19m^I+8WStP^oQ#iUtYYK<7h4;dua7ska"
    "oA5@58<0?6n^+?8hO3%uGK?xyY#xrqUYQN8J|t%qj;N5FMY`$+0-dQS(p4q)*sBstEtObB+CtJvXQX?jD85i4`<6P<"
    "sH7aFdC=1((^mLgS>bionq1F{wYz#&sTw(*s*lQXOh7PKU$m+tlZ3^mF;m4=MeHpdR1@dd5`Y?}it{N2c#!ziEIu`B"
    "^ZMh*pIy8B#b+PhesBksEpQb-_yVrt<g)?g+i*2Uc>}}ID|M2T<nBUwd*?uj9N6~(lu?~z;?moZ>_;Y&eb6uzv<EOy"
    "QG#@VigKpWsE&jkb$g_M8dN8ts)SYuGceKZ8N4>x^d#FgJw}|oH>A+mc4GRER7`)B%@+c;3oCiAm3kK=w6~AxKeA)`"
    "o4E18!$La(<-2?GGaPvzcj>oKrl)2{l~2t)5&J*<!`(Y~a1?|-N9eCibxe4pM)hSt$VXPHV_ZD0=(kV5+Btd(A2Lz>"
    "$Ipl0&rV>^h(bQ*R(^!slOLg3c7l=4PC&c1pij-{#Eg@R!x};7+%V9va&aL3kEW1|V-$07c#}f}Sp(KFYe153u?DEK"
    "SOb8=W(@}xYrx@{H6VMaU=3J@tijqO03Wt{K!as!myq@F?VjRpBYovu=d@KqG_f?$?m3nQYaoIy_rnUHzK*3q1X%-B"
    "85F~bX%r)z!>Nyig<`N(^d0!WF0Z>r0J<QV`Dvnqj1pMH9Q1HwxB%ROBE<4bZ5M!y;;QG?1*cw{f_fw+F^tS%bFWCO"
    "6B1evCpzlkgjWyO_>x9Bh;zJQ%*=VKgArftwCLo#)fgJ7hDI~zEuwH{6AA>9&D6&{DXk?K>2xk;T{TH*S!*@Tq_p*h"
    "bJoM@7|cm9dVF<KT3*o{;w%J(U*d3g%rF`Suo(}eq-g4gdyEwl1om+mje^22R`K~lxpOq)Hf99-*K+(F^)Gj=M^$Sz"
    "skySIsksVk;IC&|pq`lmvx6;KeN!^iRHW8rB-Nrn5x;i)S@#o0fvFRMHCA8>OM&ST0cms^SyV*mz^ZRgvK4un3e3j#"
    "Ut7ml#g8oe?}QV@G*Dm`dBL-1cA^+)5i>?kJ!9moMG;Rb9o8=8rCVxVeM=qL>&mTLYE_brQc@T#`i5RWw|9DI?BbJJ"
    "E<QoBs>zQE7L%&)z-bkB){jmHwVI?g%#YC_VUVyB29cRDq%nD5UF<V+vFGco)|j~0S?Zg0yv}Cc>#PSC&6V5{H)LDN"
    "hB+D)*(G1HX=EYH8Pz#CVgC7~^6Rv}_J|6x7^hq#7K<sGr^~07-G+h^eREt?rn9^vW2CmV#pp>fdeZ5RS>GnI#iYUk"
    "FZR2N=|xZS%aK;J80A7%m&vYPM$iF$^QO_0@)$j7TG5jxn;En^dJ+p`F?!Omi=H$y3fGlCXEWo^(~6!nJ$r8BH;10k"
    "p@&xJ(AK=sqaJFSN7#?;xCnDo?if7@?+NO8K+EV!nr`QAcHmO<q-ouh>!T+{mDbc%TF3IBa(r<^;;Ai>c!^O}T6g6?"
    "Up}al@NyqRjnGkFKBgL>;Qpl2*Ot88!{H-^=&VLCA(^NB+<4K04f--xFJ@5DYDPDvBX<E83xWRf`apj|jOoa&IgiT{"
    "@sx@J&QB~RVq+OLwPe`By+ujZWVEEU3tqxN>A!_Zb3Hx%cYX48e6RStHL-Bt)g+E~Kc&^N&QaLHg!0ah&m8CZ%<=ku"
    "*6X!>=6IT7WBH-cH8xh-G&a_;bg$yKYWNDwV}A%rBnn-p>|WLBnPctKOurq8ZJHh&vG6<)=e7z*Qnn*y8d3^+`l~ob"
    "eC8ORIUdhvj-8aoRbE2LB6$hf(s4e)XO6RG8ttR@R5>4vjPn7trSfQ$S6^cbjxf6KqB_Fh{0f?mljsOjeG$MWlTzz6"
    "4%LxbGHj5mBQvSt>VccuguO$|T<7H-!Z)=%?;5YanuT&N?KvdNBh{bgn>GvjUys){%7Z-5ODo3z{zps}5R(POWC1Z*"
    "Kui`8lLf?N0Wn!XIavU5kNbbx+rNcK07_NbG9nI8W`!s~%vOl@##D&j@)Mh0OcoH61)R!c0lw|}li99+`B#*rWcktd"
    "&g0RaVHn~*P<Qvw|M7SP^&|MB3>r|zI-2B2P4drleq|B=q^VDgx^9vM{OiAsD@LuhHD!$>KuyS$_1(-&S#t>CQ*8)a"
    "a}8mcYY5Bg4Po_%rK=Rw)e!bwNu}~^97EX5>=X6ayI;iKeY!Q}v;(YjNnM$(y*Vwl&1sqo28~39+%+_(SrE=c*OOb1"
    "T?+QtP%v5uR2<2YtQ)0<=8?Vz8-t1`J&s1Xm@ME_CJP9%2DQ7IHLxQk!41mH8jd*V14cd?RYg4Orhib-QmjE=K=;cR"
    "P{kVZFl%5&Uy`F-!pw4%Axu@KS7z;OdezW(Os~1pr8i^^BZqL+V6WO4StetW{17(7s;{7^s%?YQ$TB!#6D(H3Z`%+^"
    "C1_eZJt6{`TLco6)!I)YB^AZD|KTN&&6smqY2OGl<68R$d?sIfb74JGRM5^XqkUDffHZ7lX&lSY!XG!B3;k$}?UvU|"
    "UPu<;>{ebhaq2ne?ClY~=#F2qfSGyGRVE8iJ3XqpWL7JUS|tle^Rc|>a_jO?b<U5C7hV0zJ@l(u_>Eq4Y<=#)3tTU{"
    "m@Hr>UUbLumO3>jlZvpwuKvkHmOJuBmTM+HWttp~B|h<y>EtF-4XLzV0Lsf|1V#erl_FyJyk3~bVDayN^1avJ`N_}E"
    "ym9t>XRf@p^!giby?ySTvrFfCSoiZ^$g=!<>D(J{EuA}m_U&`$m$4nzT{-)~x${sjmd;%j3HHTySO;wr`FGOC@vtwp"
    "!@Ayb(#Jfv=+$xN^4ih{I+r4w#=2kp4u*rSZ!N8>;iw%B_W=&qQ^R3jY)5r4Jk;ZGG!yw{tdhT>C0tosT1TEq{UH7;"
    "*3nWS>@4NEg-#@ALfr>A7`UXK7kQt%Qk5JWUQwHVS7jUUAngNiZWLC7U8wGDXEiX4wV3m2G4g)~s#;3Yw>~UO{dZQD"
    "ZrngRK$$GTnF#OztDyU`nY`@7*)G-8<#+@2Yb^DlFMg*VOiPU0g=vYetgNmNC}J;$&w=f_OyW4CC0-whd;>gjRrs6@"
    "SqEk16|B+*V^?UJpwn(eT4F$v8<>{Z2h;+J^c<kB_dcouYA_}-At@pUgICYo#SI6%@VPR072<k4s?|&fDyOpQz=+kO"
    "a2IMkm;uZiR-i}ri~A)END_DZ`@HqE?bV0n3Y6ENOo_OlHwmIp-i9*NgKJ>UU9k#3l;_+pQ{HF<eHLdq1f6xv5fU1f"
    "lnD%>1x3vIETIL^r>hM@tFK&->BF$ZcA3RKc;bhh*;~C$dD6GnI;vW$**{sCSR+Go`L`$hp0x%*07YW*zUmPmHaGZO"
    "yj^)N>WNKH6Ptudwo7aZ$5EdK#$FGx(b!8^R{=kT|F|XA2rm9BX!P6TyE#*-c0Moc3H*b|?8^1wpocqjV;~5`bn2i;"
    "iO+$GEfXeEPP%kCLF_ENguvq&N+;g)oLdE214#?_XdRxH5R7ZSb(#HO-%}pbwCJ-?L4A`d)(|t+pX7}7b8rFhv3w+L"
    "Sod%LUw4+@khFDW^ejg;CT#|TK4Q{_B!3LjHnXIiA?&qSwI-07Rc|n>_7lh|>}|uGn-WMEnqV)~qx^aT85Zfre<W9j"
    "IRgiC1}HsCp+^e~d2^vcL0h)f=`D*Z=l#%Zz+h;eThN%4N}@djl$F(toX?0e=YF3V+ad|Sg&7zW;PfT-K-L~(ML&0t"
    "CeQoz=};I&a?6%#MzDV^$LDk?jfG!#ez~(3vc`j_g*EWkb%Ka6g;P7DDV#~rYwO1qg&Ub*M;J*s_onpiaCK9wM+&Dz"
    "|A8a=6aM-s9P=2LKXX6LpZj(M#o7cLbif6HvGh9Ap>R2!>FHS-Dpqc6RDw0^l$O|`7W4!Rxxtg~%GBbc=G4MN{gWcK"
    "$lF}?47QIZhwVYCEDQ<e{${0pp<dGVlV+)_-Lx=yHICrb`s!{GQhn>I)4iqMXd%kIT_MUXPhON;o}4J>LDywQSL9%o"
    "LfEP!gr$xUmL@f~RR7BDy~w>{wO0tM6-B6RLm{jniWqoJ^Pu|0r@U`c{f6hvhtemCm?P7lj{p>q{8CM0)PvMY8bf2o"
    "*b(+?-9-|M3zQ?s=ol+HJqNF1RZY;ycl3RaqkU6%2kH9^V|<OlCNWvSsZ18INbeCtatm)YGHaV+B0E<UQ_-fLR$K-h"
    "gjPNu4i0gq6v_8cB-;DIr4$AFsiMCGRWc#59VZN8d!m4%=&1_2;QAdDXca3XwPGTfnMx~^s+z5>Y%NmxFO^CQQ@{y}"
    "mW#v*h*9w_#qc9e7T`j|kUxJMm4Yy@Hdk1Ib%N1Xg$~%W2+0CWkm<(B0=Ngp?_{V^zr0hjfJyT1X4r1;Z#iI%XFuKG"
    "Noof<U`=$MJ$BBsKe#Dx$~QkL-;}ZLlQH}pZk!6E$6Rm9i*By)*>mT5Qx1lW`skV0(4Z7fi*Qq(S+anTC_*Ob4bz>V"
    "j%_$=BQi&msMeP(pd$0078HER0!HH|3n+*pJi5sfna^5{5YoD<4>)Rspw``^Mi67D5hgE+%u-)IeKi6@ib)2?KAV&p"
    "VVaiS<CrX9c1%NG0>ey0Urm+D4eVM;@jLE@PRkBbJhjTE&XG*}9mAnI`l>QZ#DBTydb~qWw&&{06VP-fn$C@(|4z!%"
    "gKvXam{77sbUujA2O;N!5d6j`!j02_*Fd8gK_$Rx=Y!&V9N(E)fCT84^FfI*_~Sm;uPYem*5Fnt0eUxVpP=)BKk2l+"
    "pLv+-nXk5Gx(#ro45_{wR(N(dwR%FQ&N&mhq0&f`49v^54~^&&cYylwO^pCpbyH(0oW354?Oez=o>%!tEwmq`AL*4J"
    "B*-LvzjPe%xM7iEQa81FHBi0M*f+nj(zsupN^2_F;W-eu7SYGLsVRrGq#u(7*vSH>h>IToLV6poHzcW|92IZlIa<3%"
    "SAnJPK5BOn_-GmzfqK<LQhgD~=k8J%<my;nXs$kPW)Y$mzHhsT(C5!40p&sKTq-^m>N~tn)c$;2@<_h@;H<e@g_8Z^"
    "ilYbT1ng4qOmKOz>{6k1jPuUWqjfn^cB#Mvm<6&+wPIYn9K*OsClx(7Z4b^#;bLRTk+-vGw>G^@Sl!Lvnyl$1tnPMk"
    "{xk|v9qbW&&r^5Bt{YU4kQ%7FU6G=H`V{=_%|F3(PpxHEHKSMFy>w>t-Ang2*D!1>tHr1e%J-nmYB35g3+3BThWc!8"
    "_&gJ~N^KZYsXez;YVZF3-sTIAR=fFPZ#cy3bYUv2p`&&l4ITGYbxK8NDfgbUk}en_*Bal{;rQInJ(q=MO5W#+=i0|%"
    "41MFUmA=t}1kOSyQTI$<*fTXFaN6~PX9#ZB@9+KP#ooQYe7(1aA9}GTr>HPOmT$k<+tJ$~hanI{`D-Z4->H~hs_zce"
    "WonY3_2jP5RLw#Jw`+PzTwEc3?dzvccaHX;A3D5D8oUfe{Kim^;D>}Y9(wl(Ydm4yGlf<Um*T3mcgv|hENXXUnLdT#"
    "q!DgVrf||bm6-;(-;R#-)(!duEgaQ?mKqtHog}Md=;Pw~8&4si@{ZQQjS0I^2>PD27G`AaBx(V8?J%zlx>!8`0f@wi"
    "k?tYJA~rh<LToDFXNJV}2JwFkH?#tTi+duvom&eNh1z#)0)y*@Bax4fdo<U2%<-(ttRu@t&a8Ol9Cwj5Q9u6d+T|}k"
    "`|$RII~d6vyb}+;xU+MRVcmyNmVfUYJlNhj7~KIcKZ<w`b$6i*^&|KrurId5I!Y}o>v1^jip}7UW(~odLHGa!zM;G%"
    ";VOvj9?)R$0tC|5!eEvj{{S}*veydsdxSO!wFa36$bHhuG++%xd2+cQR)A3N==%lvcv`d9Np`7<AfYBNe`8I3gi{|0"
    "13R2ICFq6C6m>qHI+ZW^c$)cX&rFRDVh%}YX7<>p9ci=tWAz9vNt@-PYdma?-Ifoyw%htio5v<Ma!K3FG7TX7{<!y_"
    "FSEV>)CBUSCXn01mvTQ|Dgr4n%i8IYO(0)71aj1lK-O3&Jr*}ij;#!Ve*a^$4knN^EA~+Ko!bq4ZtpnfHnY#|5m4IF"
    "xur9oRh(O<ZG3K#uHXmUbBjMjvz3pKjVem7JjUH5-?VaO15S1TkynVJ?Zf+avOotJ-pIqwxQ<se2jTa_Kis`@2k9g+"
    "j&F_>8z&BT#|)#*&De|wQUIlXxW`x_muGLlNX_)OProV(zgWds1}Gvsa2qp%{cAb?j{4VV)L8g6d!BjsoY#J&MVP`G"
    "`0JU@Sb^~S!*8E{W5Ewsqj--j%ikRlY+yQy!pVWZg5r^EdZgg@4HoE&YBAUZzZE*?isR^Wj)zL0bJ`#}=ec#xJtAOZ"
    "{;cs{SUv?==$sp#;=oU~H9iHwb50|Rifa=g6G2k(kRydThJ#?8=|R&{4Ua;YGjD2<1*yfT%~h{v&W(3V*@Q>t`sm|F"
    "nb|F$z)rnkMTF-&i04OMJU=qKgTICUJUEguj*Q%|jud{`Ulph9mg;#dm5uvY>O|a9JtTf=x70};)Mj%wIvG3=dGN^i"
    "#HY-NPkdxL`IxjKX_-d=5_*sTxJ#$qM`Oe^#Nv$_vAF6wn|ZIZt=Xk0vrE2YkF*Rdiu*bWo}a~LbiB18Nb&WLnTGkV"
    "npHJKBM-PU2KUGX_sD>|fQv;ax?e=2U5x*8D&zkk^gq4-;^98>P8{~(zMKT*MS}9$!~JZ4i{FRd2>l0?7fF_f*+5d9"
    "ROHlkcp$5w2u<a0C|?W|pq;F*NR2jWe;ZuUgFQ)A_rB56030BK9d59JooMygl);39;#yOoW`t`^@q8uL<5O_GQJ*p~"
    "Sv=Wv>b-O3E=OAD43|e>A!NkW3*2cz@Wbp;=+30!7s`P|BWT*r@qfb30`)S2g1GU`lRpaFfM<ng7XGma@qZX|n#TVr"
    "Jakq)46cbz@qgflAKUGdozlt1B^_WUDA|!30*A8W|I}i8!5PGyTH>O5KkfOc2?+%u+`$<C=NQNTIRQcY8}nxr@VH-t"
    "fCe0n!+vsN0veRx5EX(XCsncW#(yA$EB}1|<zb3Cc39A%;*INrLpk3=<c%u*hYD$}DD|PH)OizX;R%Hij26a@WNJc0"
    "EmX9yMS38lLOEzSB)N_oXgv_JpN(~Vtkxi`h%XkL6Urfp@qeZs|7UtycR$kGPbx5orLbbpi&E@);U)2gs4<DBwnXBE"
    "s0@!Gim&4IL7iOk%;_H)juXS)#?yK>RU~P`ydO*wA|MSE*bcZw@e$%&!eTCV{GUmQ#hy7^a0-aU1<Jvf7@nU`EUtXv"
    "T#t)YUlqvGk|G*0s}hQtHE;m;-9mT}vm>-Rf}&n0<9u?w<NwTuL?vY*s_@Es)QsXJzL?_$dcrEmB;M5KeN(%>pY?ie"
    "Z)!nZ9>Nc^r*H4eQ78{NWKT!2g>rsl;_*=SbSwRPRrd6X)i*rj6|tykOB6KnnltaYuUOwq9U5RZp^((tM-gTn%E7{A"
    "osFCGisS6Dq0TGrw~lbGddvdvp#?!AqtF#_ypR(-fbEltMQtOHb5qk_57TtcFdnAqfjg~*=Yj0$RXAehY|k{L6!bV}"
    "dpgUI$~V81GU6xSmY%L-6@;=lo*|VN@acLCseBScD#xemi<^8XMh)%~HMl|Yq4;#Y+tc+1H#MIYP44%zXH7!snt(a+"
    ">H18=-Jf0$&RIK|d)Sa?9iwrd(NsB^xAx#{ukQAEaC%G+<iV*m!nx(Ne&mc9cmPAaa(b9BUk}b!{@Otg&ZzFTb%cu)"
    "(35SXEadsJK#dvDGngsN4d`j3krU7p*E1P)cUYTxLe$--Aj)Myq?m*Sruv0n=5b{fqEQgVaM(x_g2#uF1<A6Y;BR`V"
    "2%9J><Np-E?TO$RQ<zN0ggIHyzG@RDd-hF2zVMka9c`*Z)5Sz-y3d5ktAkSV!;iPF?tZ-Wd^g{EE?1%AmQn>2<li|2"
    "GVSB9p+pyB4sg25SJW-%VvMD$LbrqZUH4*)V^&{`i{Gie7;m+`7+>{VjLVKm9WKUYKd_vkkD<7e>ecy(Oed7|!+G+7"
    "abY<%fpM$F3@e!rFM4t`y@8BVNCK1;qWK24Dfjb&_~a!%d5KS6;**#7<Rw0NIZ;nuf)ozxkixxy^24Dd`$XaJ;XKq4"
    "h0}~pQMjS1Qp>}!uphLM6%`Z?>kx?^?jH<N!#l7UR_!AiNq}nFNqam%y@1GZ6hb{%W{ARJ6_M-%`9s~2unkrad$a>c"
    "LMg$=(uh5|f6u7`3UaEjR-yJsmS_`s&uK)@p7R<~eZio%biqjL;P;4lk1V5;6gpBNJ%K86q{>2$R5%JYK}V|7djSpw"
    "hahA!!6DQWYs8#y4%Cw(th3?*xN)i~sKwBt7Q&(yqC_pkY_HK3*se}?N+)}$Q2;2M5DvD>nyTFznB4+FC^0vdr1}z$"
    "YjrNiB|qZO86!LoI8sgI)*fwu$2f{hJ0X_Vp~bj?7ODIP)eto%@#e`3uB&)Z6%k8SG!E24ln-i1aBLsNB{b)Zjts|="
    "H9nX^<YQm#r)2{yk_RDdU4hUvraFp?58S)Edg?;NCohZi<fV#fOz+7{1ATGvt1hdWuD;mC`H6A$#xiVb$*=_irzGnX"
    "!A)xyyabeg1*^Q%G%Pt!j;n`sj|F1Eq8)^QqcA&Vic^BVv$~X4$KMfrNlVp5Er}_wW6JB8@;auxjw!EW%Ilc&`k1G@"
    "o~v}+Amw%0;@uxtI<E4|iz%<?nDW|>ix`#%aq*=r9pXg*e3xZy=^}6#Qtz4gLx(1!&0)^!y=Ez|85a*zEgZ88$Fwd2"
    "^{IhdIgXGYqpNyAgyf6BVc{ZR-oD3_*WI{!N6#Kkd5u3?J$b<`J?<&5YvX13J$s_Md+O@$1-R|7FqoH~yyVqSUK~H<"
    "-10-NI;bVwr@rAQFZM$pl?lKK!0f8KN1^Nj^`yf*k>MvV#rgT3yr>!FlYa6N&f4M#>e!+IUGy!7pS(<2pg)f4?%BOz"
    "*H?`28+IjH>vzrlJoh=l+b<nw#iQ9NR7p4e4(e_vwqU=hi+_yp)Gfl(^d5ExMT%rnLC3m1dFl94nl?+&RW`4Y>l5dp"
    "0Eu0B>xgHQdGccJ#qr5YeDZRvp1eewKGUdu4E>H#`{ol1V!7?ZO;4ztCJ#5UjVBgF(&`N*zfx}S<fZV&#rKA?Mt|XZ"
    "@<M`D)H+Q~>*O=tnTsLqNvmB8t@vbXo$}efCo4#6NsXXow#i2k`Yr&~h%u;X3~CyKn#Q1}CpV}mp0WK~3P*YX7{Y+w"
    "w1b+??9oi<pkfv76P*#7E4DEsAP5+BQYb=ST2w{)2_i2UfrwPoP$Cd0G(u`KO7oz_G}9K-Ty26rsJWgMZ-Smxszy!&"
    "E5D^z{%0b2^2cM@K`xdK4OAS-lB^r4jfQ{X(y=k1LOMmHpV~cdQt`M#aey<8FM78|;oWL-WYW|=GM%jI)sRYEVN%04"
    "&-IO%0Ovt8LIUWOB4YTK!!%|tOk=S<JSJr*YsTVTHdfqF(^JjQV6gs<{M~4jTe#RMqpIhtBg9tvOzLOKmUgC+NBgdF"
    "3~qza%*Jgf>N96}`XspeJQZ1;LX~^sF59Hqbq6zZbpe;O+MpuEG1Q^~Jz-z`?oLP5ER=g`;*SR*wXiAm57L}GYP?Q-"
    "Nq!4h>#Uf*oxJ|WTW{ZZ<7_!HJl36kyD~ETa*N3DXosN8dQN0`tfKDz$neXPj|{(jq9enH))7|8Hj50ue1apxvqoo8"
    "Bf}%24SERf<pfbKU5=6A7a}tJB(S2r5oG$2;X_uF7#aR#Musogo?>M9hLPdtWDQhN@S=yuGy+w7?p*~$Z5F6HZ4jus"
    "(!*oIfvSrh9@7t0UGOnD-ZXty0-*fIR8j-YC{XnR8KE1984DDsTFFM;jL`k);SoJN=6<+l=HbzvmNh<Ho`}JHuZKtf"
    "WIMnGfjAkF*Y|N(uJ`Xm*B$f(kk&}?Utf9kduLvG_0pLuuU@)#WsO6#P#u&nL779dU^}e424$$v)|R$1VTW~D3Wasq"
    "vctN(^6sTGn>60F+iTk#q@^$y4$?yHJYiz2054Rh!^BttUbgHwG5pzUx9@K6u$j&J1jmbkZrrZGZVK%T$Kk3iD<sP}"
    "(QlR(Jo*i8=)0HhZLVFqcYAG*-%%>0k>zWfYuiJP8bdn(<=aqRgD5g+)l_}Ap>AEx83Ra!BF+RiblTyDaH;ss+jpPt"
    "9I;t-dSLGsj)!NS(WQz<E`%RaRHQ$_a6H9eMAhd{VT3HRotr=m<-1UZdNOs}lgw&O<Q=z*fC}YsjHBGdI8t*^Z%O%U"
    "cb|TBbi`)hNk=<s=PclvX;9j2{Hk`V97D*CofBh!X^_+(z8L%Kw8Z`j@=dCP@;xYX`~hr-b;LIz_`u%qc_!@L8iryQ"
    "Jhx&OG!TRo8+HUCs>5Rmn`*IU+(1GI#cE11p%BA^gt#ydMh0qE4lu=C?GRH1PbPqNgTM}IHFjVJcQGR;u)|16_Jzn&"
    "(~FKZH@+Du_dKIE(s{rA_1@0yub=MhupgY-U0J@nw{w)SD;&uiP<{$!aMwh?GSwBlH?0h(9v8Yu_s66ACpHvcRpdxv"
    "M~)PEWB4_T94V|ZtF9;GJI5Z!_>+rwrE0**-N7t`qbl5|qEB+wmC72K@m6->W;S%)Hn{bU?{fD*McK^!uTLXus32{8"
    "AcaFj@`*+n%`2je`i(caWxT1zUbQo_Y`nv<8CHFT&f-*U`;(8n{^X~PK(fhg@!w5!!kms~ze&BD=wzy_O7)rhgQ7WW"
    "j!L5#Fg_}cj$y#~X^H(YV0;W1e~bdgpI#x%hmvy@MaDid)AwBR2|x{>a5nG{nWv@U-QVBae8IO>4t`vi3KJq~=OIK^"
    ";AE;(l*poC&zTklZ^+j89E2G<aXWXz3(eH7bH#HV40#N)I$V$t(#Oa`Z<%kPJk-A9Y`$R&y>O_VsIky*{&8>kl4-Yz"
    "0L|dF$)@63c3f$W8C}l>{k*`4zeqM*Ds5?6$BcVz1gtrzlUn;nbmg45BGRRNC4ZR6*W<?wZ_L%K7~;7nhIq>e-bCCN"
    "G+uq-Gzj}NG>cbnji6<<ApVb9#H+XQy;&^s7_Z(ApdKv^r_$08^>9%S7xi#4apTF=!&ToDQTY8D%AAQD+hH9EznZbx"
    "0!>zx!Mp)~Q8Kj6U#JSvhz7FuSZhg452^?WzlF~#6rncG2&M;x+A+8^s>{~yMu;=>D@BN_iX@hqNMa_?PmL`)Dlnr0"
    "Gb%6_M}Zl$s>Q5o$1<zhBo1oXj9GrIEJQwogIaGS=$KWl@Wwj^F125w#|Q;8jZolno+gH|sM3ngv!~kH(FS(yIIEfw"
    "Ox<>#9ksT0jArXR+W~&G`cYV}pkMHyU%?NRe6@Y{*7|_b9$pm8_sY#q0`D&3+Wdo#Pc}O*&#xSo+s@7#Ra#M{6;)cZ"
    "Q)x}{rd%b*i`uJOesc1UJ3+{17ER2}KfVy6NFAXwBQTIno(cNTFN#<r=#4SI9&x6Mqa!m`<J=bZe}%1gM;}f31yfWb"
    "L^VRYK!*_*PmWkTKc+DmM{Zv(o`MFpPKMoSn7FHx3|mdw^O5H}_5fb3`;20Q;(NvCt@YoGTjo2J8&v#keC8P4tD<{V"
    "bgzof9OE;`s8WeuLh+encj-9Z)TVJ$o2(;@PbFCt$xnhKOoNL+RO>9bcgVuzub7$gppf-pwn9|&;EW!e$I&h&#Mmmv"
    "25(WFuZp57Nr=vji>7YqWE7&J>E#&Zn2PG|<0Vo|mON%2@|Y>D$8^YJdj)^{O9k&4V@gMvmHztc82=~6|7j*F<97Z2"
    "-d|qq-TTYedwcky7khGw3L|9s_KUq8y$y00+oMpH<?j^fReg7$E>n{PttWSdrfL=<xLwn`f8Ywq@A2u=oufVIha`Q{"
    ";AJS{H->ryKP2pX2^x#6@vM7^5W$;G`+Le9{6)J#pP+@KTF_D>!+k`ON{d~<^7tE1pK3R%9qrNG9d@I<xvjl0qap+2"
    "wZptJ=u%*LL}J9qVtJ?OULM5%>E6pboLdVMh1z#)0)y*@Bax4fdo<U2%<-(ttRn;BV$I4YPO&r-A4|o@QYS3aK!?y~"
    "?g*>|%R7cPW4o;=Wf~AI;>C-3WEw#D{c-O<UuJv%sR`suO(3_2FGphMr6Q1$(%6rsB)vfb3GjP4vI*p<9f7P-XjCaK"
    "J<7J63FJ$MK+>${7aDFNYBG<?mTtDxuS#Xh_e$Rb_PN>`tCXj?UwP_2x{r^gj@@Ia6Oc<~(beIhYm<VcEPl14RG&u*"
    "bKtEA!WZjI5Bj`ncof2%#ibUbHdnoA=$Whd5w1;?1oqrfT{eEFV?WgyOJ}LolF@n`Z>epCFi|apRo_ylcu+laCY_A2"
    "19udk_{dD(JmM38gdQZI6u`v^FSvQ?;@FDCC({M5Bco%i=)^RtS=FeXRf!tMk;a^-##D#RUb}GSjg<=*H&<4XPrb3S"
    "bZ)S+Ivk`}cM-~)P+nOY4#euYfk=p-LERdZp<WCJyCR{!P{ulFo5;Tt91go;GpI_F<ie+$D-SQ;Ut8VZe6Tk>Sa~=c"
    "3|9BEG{rie2ktzMMeVG?QW^}q5`tir99-7oSTqOuQCX2B)ts1CILuP2gORZrR?$Ey3}jI#tdL(zOpjd&-6ZkN9@<is"
    "GkN(NYw7~0E)oMfoOfcrlQ5Wu2eQ{dwoB98S}RR4N$A(6A2bv=H`zQ<(Es%Qi--HjJ8{^D`*IQp{rgZ}d$^wsaPj-l"
    "8=?OIzO)DBVKxx?K`L_UIy{h7P=u!PH#j5g2km5in$XCP_VynWSh2-p`J)nA?pCKZw6fF>EnLxqy`6(>?;9-*9LTds"
    "u)_^DuoIQAOAD}LFyWxM)>Nn&;aXEXUyKhhWS*!`C5ak`*A6FC?nrS4){aw;TI`*H9BG|1TpodikP%leaHj>qPu9xu"
    "<mz=pxh_99pb<1}m)%6}fkw*EXdojfh|AtIg8Wh720SY~v+$2((wNBe_Mcn#D};Lna|*ae>j<r!a4lE3CM;Z&|E$NY"
    "L`_HthF1XF?US9-$;Krez<#H)BQ=yv3`b0pycxFJ`zx!=sU<F|_tT!AnvhTs!X3oXp+OQ~mBv@4A)`m=oYU%|xGr%!"
    "!O6-qXRRJFFYl{!E~!i2m$;@H=1ITtIcI2Kzri7rN;z8aoMR7l&htD`@S}5%j!wmM&ZE=F^1mrQ5W<yzzW?$t#Y-Zr"
    "{7~`6^}(T>?;-NWJh5JtCUOK=`C+aob>4(p6xIb*1#ub1Omn9GuzEEiq89k&Bv~ZiR*eA)4)B?z_#N0m(?98SC#r{K"
    "zsL&|R?_4Ui{h)&_^R~uyeb{{$V~0oRGFmZ>Z>rP+|b(be4La1ti|FsS2B|J>cwJYCPpmITZ_f?9U&$s7JKGw!6_gX"
    "`<aGpP4ml@SZrej3}vt)nFKC6UloLR)vPMdz2Gh^&U*`SIgcgu6BM=hPYo81tIz1g%Ge|dS~MUQ^%N&*Ku=f&iCg;S"
    "#Vcp8UwnUU^%gR{v#aa9^!hE(1VY{WP?mpZ>FRox=C^th(TO=i-8Ph=K8HWp6`NrdG?jnhSlACL;eXOaz5i(Y*5kE1"
    "S{HTe@hDBPj)s9=2omT?&8&e^7zq0j*icZF0KrkzhjTsC02`+TWup|UQpLux0!K*gn;Mi7-7u%M_S{JV>BI_aikb&t"
    "2{w%9Mk8L|&w4$awUM`Z4LE?Rmu;~O>kR7h5PpxKyuB|+!L>Y=-4K3vVBj4n;+hqq-_PW~;15m_zYR@BP{Q$UJ^J&`"
    "<HrOW{H^>^v3h%hQeOQibytrQzk}{1MO_qaiGoJ%heoQQ;kmC^-%Qm(Qi!KF!K_1`tkfQz;9QG2Q?MghxU8^^W{K;-"
    "*<-^r9p!4}9_tA8AQF;VSgeS3)iWT4u7KmlutDDmV0*9Kep|XI7u#(FQuk^c$$Z@>MVb9n+vVFq(nSUCv=*L28PQL|"
    "R-FR*Gp)iAf@Q+uEkjR#6~~yJ()jX&?TrmQ<%kv=2P5Tt098vHru!(ABA0rYgwX}(gVI68iVeK$89&mp^TB9b=L55j"
    "QSe#v^rT}ykwajf>uH9cYh{x9fGk2o)DhXrBm*m)KbCqR!3m8>MroWkm5v!DwMa2%r7`XnD2;Kq1kO*m^Q%@GPfI#3"
    "lC(tMLvpQ)Y9Jl^!0kxKNfMn8PWjXI1{Z-c8cpaTV2)Aai@^9?y%*x@HBwuehPgWM+d8hE`Y-TAWF6ICHL=j7x{6q&"
    "c+IsQHIJ><!SD2a5`~KhiSv-VBYAAVLhGNdk3}8@EhlNBJaAXsUkuCp$@kzy@$tc(odZjJgu_JlMkwx}F?fVNdA8zL"
    "J)<Gk5C8OeaF)bJk4WTM$7oy+&VoSVdq&gTgOe6fepnFp;JowAk$M|>q~At*PGiA?({frra>nHO`QrcJ=ri)*%nBZy"
    "no4-Uoz=MBMGwvzA!<@LZ_kON0r?VQZr++vCDlO`gFKqKSf`tJ@EYN}dGojU<_&zMl?SJ0^cF7Sck*f;&5EoT|EG2Q"
    "pK)(oVUdFGlTa#%6vsaPPpc3-C`C4vSsTRvX>cA2;3k1LnlPtf!knyUAJ1<JN}8beC*8Y*C}>kfQAs1jm?li2l{5`V"
    "M$}x))P&hyb5Wph$32Q&dsP5-Yjqy@cu(e5o^)hHG39lP;u2F{$CTGG<#kMX9aCP%C@wLION`<&-zYA#q!x>$EiCY("
    "T+?!Y%Ikm>G36*O8jE7e>#3)_K9&d7gY=^@ROI}lVz<<)=|9>nD1C)3R73T1bTpSEGwSr!1~}q_6dzNjTh1W#nInUh"
    ";X%f}&c-M%izgOO0vF3yr#e<Oss(pL&Xd>U{4q~?Js%R4YuxHeEDZFkS2waht2Q-0d5KS6;**#7<Rw0NiBDdR;ggr?"
    "9n^{^FNVa6yc|V@k=}|T;vzk+%Oz^mmT<@KvSmENMG@)QdORuVxEWb>Nk^Eh^8AWNMy}L4GSfF*Gf8uvyfl%Heam4Q"
    "GZ&^2<820AII1Ye^x|!fg+_wjTy(vu@i8)Nye2i?@qY5siK}~_yx8(d=*f!<+m7zE2Kr%l+5$b%i%rMy)||+bmx<tY"
    ";zP*-)_PK2CqKCP*4sC3ezJ6~hpuREpF6*t+<-TySog^Xvb+RuP|uwgNx!$8^i}9IS+(B#DCtAB{2%*a8~7ueC4C$P"
    "dI%^bH@{puH~8dR$=vB(D|i&avasrdC(s=_fUl42!*5^VBjDjkK1j-2OucTy@ANBt=xEmHLYXV4F(`cmo<)7tFhS2V"
    "IS#C0*`7qArnIbP(AQt@(+Xjb8w0VtjE}p}GfK}29mf*<2d(_eZ%ZzzxbknG=pc0HAD<++@(rR8&%mp&<dTZWfbV}{"
    "gx<IRQ4pd4n9EPTE3Lyo((<{Zb$DF%X@7*hu8(+KW<LUceB`-hd7BYTlIq<W*W-~f1a}p8Mb4<N4o%r@kRRoJ^o-_b"
    "u)-7HCh_5jLfhVQ2)44);5tJ};fR7%-~FnpW0)lx(FQ#P_i}<Lmo6u{--}&$)&7f#DkZai!;TfcH|%No4ZGzYUHgVT"
    "9peo<M^Kv7&AW8smg`Pj87n*|EGc3|uKE*Jbb6LrfRsKXel+4!!ETzKqwjME^-bLzqohC`m`5|>CQ~LBr~P5KPo$9h"
    "{p^{Bewh@yt4kO!wBKz9^0@3h2+OSwLZVNTi`QuZuXzx223?fwSFG4HDPU;R^WY;t1^4LM^Ps^kR2&GZi%(u0pYthd"
    "QwxadY;&GehNtCCFQ2=bColChy>JUrGc1J~@IQIUC;H?ieD5+Y{>S@b>|ym-`tGB46z-#GP`G-|om5k}-2SYhaK}9s"
    "gbyVPjLs#ijb)q$PhJ{;yYO@+EE_Qr`d9;TryqX2b#?dSt>?S>)^iEZtGjuBH_xd83i9uK7bbzfh7t)(s$ot)`}xQJ"
    "{(N_r+Q@y`g-Uxs*#zscE&i6rG>1#Kumz^#cko}k6#~;%t-yp|<s%JW5QQ(W!ic}+sO$P2Ud*x=h<S!oy}H6frO=A&"
    "4_9HuQ+pN7pe)MpM*a)GCsXvk_@0cq&FqaZ9rR~(*!9Ju{Wc{9GNF&FJaIAoL`**sN<R^T-}u*BzsagSG@4ye1*Z|~"
    "mu)CM9ye=aU1;TGI4*IHyvaK?&$_CT9x77dV-t(1#xVOi4K+ps94SMp$dzOIiI{%k^rW8{`^Ze+!-Gkh`D%Z1!3m;="
    "$HI7cRLA40xnfMy!=oOJI^Hb`5`O~^k5g!zm<U(zc-M9*PP^z--S6596uYGsCHp=PkA4hlI`yEY3vk<EVK6TRHO;Go"
    "nmQ`l+)~k2p>04k2nRKt_aic%pD(B>KiQdV)V@(LExjYCPcUj<6rxUfWcYdV=z>1H0aJ@XO^=sIaomHNHjwMx6_0hP"
    "C>Si-%dGTQ^zev5O^;Df(^Hu3qk&sx*jqrGMLPsF6=naLTC1oXWi#oFk_+_op_QMaNsE%qBB-elrJ$zD5vPHNM`4@t"
    ")0*`3cuBMc4t}y-VxhEvF0oxB277&~PNK+L2yEhhwy}fIq#fWaUz@HDaD|m5{9jarPG1p<D}S*kVYUY|9qP|0NXp{Q"
    "kYs20lzqzwRiqf@L+w+O`La8eR^I+-;=D{WAk1Y{zb>;568d>oS%>US?R6W?=1ke0vQF8ZvW3d-R0Zye>`pxOnB8fy"
    "tjSgC@#)12z^}e^&}dYXBrGo_2^&lC(@^UqCP^$}WVc3<-3rjJUY%eQkvV1alL|YM$3pVE@QMxA7Gx>WS|klBLL2M|"
    "gIlmn8Wo{Y5gM~Q#q3ToyHf{qUOBr{ew?#A#iwrFp1KvL9-q23eCk$<-_v~R*7}er0@r?<@Td2wTQWb9w*$^Dnj(~U"
    "V&aNW-}B|fvl9LOaeDMVm=IT(Zj;r`tJVIu*S`1qJFmTY=8d!X9P{-z-g^7oJ7<^9^|0<uD9gW>&b{&0(z)|z!6ZY^"
    "Hlgkcl%ZZMox3U$?2GNNjsu(Fc-R-)nSf}oT{!c`3dH$dJ#%?&X#=k)7-bvlXt=XZd^Kuk4X5L)VP6igb`FMzdK`{s"
    "a+O1@Rlhu?r7o@a1V=)n801h#gK4W2ceMkaalflN?isA+MqxGBh3eeZoOhzdLDPz8an^^y5cST=(v2JFN8m<_!>W=="
    "jibexSZz+UxV{xF4!7&V#m$vfv<L8w61VFjl&`F;t`87Qc%{Vcx=f+kWqE0RAo2|eM@4;?He?-?)!mXNNw-mGssp?E"
    "Lcya?L^V(gC{hf;R|!;H;pMgMjf_GSo6uT>q=+00UOjUcH{4)+%l=?|p?kTSsSa_cI@qE4=xWtBGg#)(d^oZ{tXTU{"
    "eT(!=+dAe52@OkxK0ynL7=2F#1f-bA2(7-lz|x0di6Koljc2Z(D$-gAc0Pl2;|nZ@3(WhT5O?*#`V@%)(L)Eo^PP(u"
    "6FC>>+|ZOvvRz_RIF9->F!p**gT~&Lp()J>F8=q&2~AlYb`aeJkj$=J9}arBLl9#SK}@F(iY7FrT&x|Ma=9inrQZjv"
    "y)#68Xi85w#oEx6eQ#*WAZx%nWDT28URfFr6l*|}GSm@kko96X*cF;J3{{;0ldY)SHHyk0Yrr~0_m$O+LCP!|+hN@*"
    ";ydh;VLgO!xN#}cS1Sr5DIAj|$QrPYnBPX03KKJxvV=gD9nO&two+Q=iHX)o0%@hn7Kz=4R@n+2{ShjVHGnkgQQ3+R"
    "iq%A%6yAuF)6UVdTF%ijchc6C(T@{#cX@JAcZ04RgwZB~hjHAb94$~Z5j^~^90ga;5cXQES`$d&#O@`*#!Dcpu(u6!"
    "ZWFtAxpnN`>6u#UFlXRk&H$z7zNOD?E>tLJCn^H4XXU&fe7!8k;`NH5ouUfPCw_2@Q50hog<=$SxVov;BZbq}14r~H"
    "{H;jw;^EKSPxI%#!gmjaGdx8_geLguh|vAAb9ccGl~i4u7ALvQB&bDG-{HC1DyyDPC=y)lsyr=QW!Wy!FE~g~Pn5fH"
    "Dnz+zbnRCKIJWg{{san1%`Mfxa(gdwuUPFB!fHhkYTHl<D~KWnUh_?$5S%j~N}njQ2niI%eGWlmhBPKvbsdUBNYVhv"
    "1{xC*i)BS7ODGm&4~2`%3HF6wRlb_LVX@0)D}lnYd!3d4T5gd*VR;b}DD*mt#glj>Gp(0?^{;9skwBr}B!R-*R9Y84"
    "-CTKysZ=)~><tgty$<Vq6rI|YZ<pAW@0SC*Us|4dyNa$?zwe+G4zpAke>}?X3RU)ga6fYjOpjeW4fQImVNs=}D#BM|"
    "(a{T0c)bwkpwbGa9S+GYyw%98ZAAjIbEQa7w5g{Rm%%)ME1wSshd5I_#47ea!_H8OLIN6SC_<6xE5vr3Fo^Am0*bnR"
    "BuTT>0hWN9RAKL=Ra&8Jrfh9xYmuOxRw^xlNhK{>E)pk+QbpQf!;cVzHHj4Jg?Ub_V8Xr!lOS-Kg;{$KyI;YX5^9RF"
    "_po)<^>8Hi9%iUfzr3aQFo(%s%tRSHzv@I8F|qnQ6RS6l%wQ*0k2mFGd{bU@bH(vVH5f27EKsV!m{@)4iPdMFhcTpe"
    "S08ZH2tlp8M~xuH$ip~!QDm0-@>%9#^rZ8gU>?T!sLu9so*mQBm%uR7&{tEXa_jqFHO;~fQarWnVV>tn`+zTe^b20y"
    "wFwv}VTzw;bg|QyAu~E3MCXH;ASotDiV2cpf}~@ZAn928LHdzi`9XqA()UZp0goFNDJFGOt5*ZnD~)~gD=Urr)+60c"
    "H?^Q5$IY&6A5<s1a=&4$(eO=8IjkiyL6Y-CdWyK{@h`-Y3?WXc6C?#M0vzXJp)UgUs)r_l9b>54Zd`q=yw~QLx9{67"
    "A}mh$lX1yoUdZbk3{~q%wjDh<$Fxg<N856=OGUfX0(fv%GA`0d&D!)*^&m0zK1gir!I_Nj!8s{hY)m=wb{6f{rk4q;"
    "yZKv_HNAw@-7e1eV+^?__K0!}xsDrDkdPXvy9;rbPM?B*g7N-a%dBcf(S&K6Fc;Iak2k&Av#*nqCg}a?Drx+2LGy{m"
    "1q}!6GI0>233I_U7X=D8zXVBRsRFu_)k(&QYn1_nKi)Y5$lt^#FQ@Uz3qt?X`!62uV-gaMjg8R159PIo``G{&kKwTq"
    "`VZhsdr%%`1Cbv{4oqE#2eJx^6fHZq!)gl(t4$+6+S`9jU^QX1CoPWPiXQCk9Atan=(H*jdYfQ}8*E@FS_voq5aMb^"
    "Dug(;w1gF4dg@c=8A7uV;sxPl?g@FUbB4<!un;oh>ILq!Aou|v&hQ4$VaNSh8)yX0FZjtzn3mRa7#(0eXUQWN41L#x"
    "TVH@DFN`@&pS%<VW7Wgpn&|Z81%51Mz<i!xb-?`i<mK2sc?og|gx@15Z|}=da4nBzH+s|u1Mff)*Q~hVekT6~e{hQU"
    "?Z<dCkfn5b3iihQ8RcE>*Wd!o9_Y4})m(tfX7fT^kfiE4==e5qT>0nwFAvk<OSSStMJ?6`hjPA$NG<f!L)eR4bB9An"
    "T4G~PCAIKeWExzf%P9~hclDoyO<Z{|Yd9piekyC-EbU9USBkLk9LmV;(sZOwf&AG3mfq)&j`wmBpS(={$qTOh!5t~Y"
    "^2%Xi>K(Hz?jUy@VLBr_Gno)0$PI`+4&a}K+<<<hw}~7oe1sKlNtD7Z2``CfqLx}uUW6v`LR6|#L{Xi>xk~(kBW<6~"
    "$JQj>m*>bZIZ9KrTaX)&j*Jj_t0UvfRy{3G0VZig9)!pXIYbBvAXntbO@76hx*Tu|ZvyP7FP=soDbJiOI0eMw0_AWr"
    "I#uM6s&wjWt(^1akt(8*okxmrae8^A3VCymx4wA#T-`^alClt0okuD}al8us0zJ`-rHfh;pS;8;FY(DseDV^XyiDFX"
    "HhOEuc$=pu-e&N~1mbO?d(=saw;8=PCmV0`BnHY@pm>|nTeF+DW`moWPm9(#dW3l+61_EN8sRBqc`tlcp&PYvMqnGa"
    "Pu*Qopjsm+ySPu?osFyRZjjV;0d6~NILNK{&sDb_G<2zB$m_~2HGb7WEj{<*OsxLhvX%TQ5i8ASR91J>kNO*$hjid4"
    "p*{8S&9C?!A*_tY`D7E{`uzVGdanOptL(wS#J5r1eaa&|b+~!k5uWHFeFt@S!)K`lchKk_y|^L;zM?&0?$Nb!ebRSR"
    "Z1?Bx9v!3hO~-^eS<k*|6K3U;m)7!y&x9F%@**bs<fTC>_;@k)U5v~8vctu=><4B&I70Cusa~Cr$Q<`r5Un0=a)h19"
    "(Dbmy*cg?)PgiQUDfjb&7-*%NEvdupD$lKpA?-=4UGqPdKk*{s0=yCKcDM>F(GZ9p9?`=idU!++kLckMgPI=0pr+G1"
    "sK-$hos@B6K1XKyH#H_{PEgY(#)$?(R}5-u--Q<m7Yjj6YwquP1*B-6@E@AtbfKvMuK^mhy2|;cZrHdDMTPy`<aiRe"
    "V|>?kDNcvG_WTrClOd0_DA_N3cE&<f^zeut9?`=idU!++kLclXN<2KK<;Ogc2aOG&U;Ci3pSb=G$^1M#Iywf^W(lDJ"
    "#Z?PYiDMVHjG}Y!@Gz#x=;0APJfeq3^zfLPher%lJ%$mwqsw5@-Uyw?R657d!{fNSPt^t`>AM0G4LmQGSmmnGV4Hjt"
    "p<mFSCEXq18fc9sBJwuS2>3)^)_07`pKXjj(-3(T^WY3lyRCe5d^;GkJH_lyF}u_8$?k-RHs~R^mlH&}bU9{sitz#_"
    "u4k*y5iyB)0ZEJ(5aR{JOY;OS%~25=vpXH5>`up<rq4<Mv>%B~GQH=FvO6u1uBL&QQ84EnV_i*DghoZ^ybsqRDMCGm"
    "B<cLr&8tS6kI1_`$8>**N8X;*W5r|&j}@o=w7DSvIBI3pE$K$@lPb+_bdZP+6359wB1Z9_X%zngRcar_e|}DH9g~~{"
    "o!&BI0n|;rPH%~5eI9~*qS}BgM2Sz--mgv8*TOdCC*aZ@Ltw-Z7z^xu<drI;gTx#hBqr+OGRb>E1No=xy}*l-RriAS"
    ")W`!l_wv;Ls|#n|`RRrCHdn6W%er?~mTnAwdVM(PVcmOBmVc|P;@82Jt+I;Cx-}?sR&nghS;e6(UP5p<>}s-#OKOOD"
    "t>3%9c71>Ii@o6nO8M9KvtEjIG!}Hk<A`HXJ8Q6BIjcBS$-!kUjzx2ztm4Z}vWj0HX1zjIajc?&dc~~bP_bOjDh{*1"
    "QJ6inr7CCg@;BDh#WG#s4D4{;iTO_Q(}%+wH(+VK;fA^lNur4ruAc$@+VtZKoNT^akyRX_&soKB@sw2@p#KGYiL;7t"
    "^h{Rq4Os<6l~o*}Z?cN_;CcolU%&sSz5QDRR%`*6gi2_+TivsvmG%74!WDh7x3iJ$-O*XaH*{8U+F%1aHB)<gE!g#z"
    "$IU9<Gg-y||Mre$H*Onv?z#N{9s(2%Siw<%*z_&F*p{#YeDEQN7lD0<555%z0;I^lmovln4!M$6yWUM$6pl$#5{Del"
    "4CmRxo6UQ0zYumH)^Ph#@$LmXPEUxVttyV|=c<ag2tBNy?j2cGoZes=ZVT60W;I$dwW@e)tBQ-URmC|>yxaj3{k%PS"
    "3(swg?}U2}bHqkfaZy&hv|&|o5mXi5j$4hHkd%JCh}Jv+=r?wrdNBxhp#j*gzuAf#>-p9x5h-5iUcZ6uZG!D0-Cto8"
    "FXxfsrIqpgIK>N|B^Z#WaM*_w?q6s>+-R~-6b{B=A5l2V*bIfcF<k~cd>1|kV{}J>!eJjG(Zl-uLOI@n!?0_OXrvd^"
    "(oWiASYc3R;adpx0L&bP!!9D(=bb`i*NcW@umj(qSImp6&}z_9jo8!k6plKep{EM4O0z$@MVsjNoZiS#I1hue3M?9n"
    "CmycB-1>cR>-Qh=9^J-@;h<U~dIDW5XksC8Wq6ORDh}VK^}``pRs7KBd<u^t{=EI1o6Qx0f_20>Cmg@mT;cxSVh+5R"
    "kO`VANCkxlPs)2LVXPY~jIP&x?g{<Bly;y#qCDmV+<~Zt;ST4PJH*t2$DA$PphPWbHFIj(0=Aozt>|RmSRFg4mZgla"
    "UH6oB>%#5Ug)~*g>3)&rN4O4nYw>fYwGmONR)($ycphsmTdTR;PI*~g;J+%GBM?P?{v;f^gKAdN9#o@3B|tip(h(G_"
    "{f*7%*d<lPrwOqHhZW;4tVqQlR7cc2iKnqd;vL&?2h|WUB?)r$e%d^!Il(c6dR$fU+?+c)GEr6W)>ajtbYwii@rs0f"
    "X_Qj(;A{LELeT`&I##%MPT|fi_uZYHy4;6Ye0ehLlH1n;qgw}zP6dokHH=uy%sE)65~Is74Y94NxLDjC>G3Z8YRszS"
    "#&XZ(JTXg*>@ODQGxwH<2wC+a>wAmERE?;T2I2<6aNU#Rua}m<2_wTQVF+BSL_*+<WUX+yl@!t<f^xF5LkThkP3P+E"
    "7_KhLBuZFYw<i`}wA1Yl{*`i*;%uyb1f3%2{CA|kq$zVzYkq(8*B>9=d^~%5g_)-?x(da9?E47qGq5JVeP_h}hB8z^"
    "-z~JEA0+#p0<)lrUB<xtA+SXEWQl(B>Fn+L<Kyks(;0}k-tvrn^qR<^O~X=?Ha_R9+Gxo07Hd@B7ISG4KpHQs*&4@S"
    "hqHvZC&&P72KEGNCT!<jFvZ?m-N_stxl8v3-^N(o`@rgs>-XvLe*J`;+1t=@{T`uxyVh?(Siq8w>vs(=UO^LKHjXFm"
    "riN1tZ0~SWgZEuM{#ZRd(c0i&^^XGdBYh5V;@7K}Sfn6K!0DOQ=(qSFF#ZF<H&x`5;5Na*0bUB>+r5Xvp|h|BxNNYE"
    "W{Gg%>~Wx`JH3IN$!JDTkiki*p0Vd;ZCnOj0mq$<i@uY=_N9UYLIi^SHM`ZgujhSC=!vqAi92I4O(zU!3qB?#98pYg"
    "fLT5JReVSOpkf~$)O%>-A;g19Diz&D2er!`RD25#DIQep!hNDMLUYA2?hUvE9(5En;aLKTKd9J2<fWq}BH15Wv;+o?"
    "klGB2J*d=DhOzc$6YN3l?X3JJ*jXv_X0-=p(m#%Q7m)rkh|Cm0WTx1N%oGzMGsW(anM+B>%x;m8qYBb-;$MXGv+*>7"
    "=C=oLJw7p>Orv;0k|rW=Js2@UI*weUM3SP8{;N5sL%(?*7r(B*KNBu~*R5w%??LiV-MgXQdqxp9$KnAOp8>&;X*^q|"
    "K^wyOx+%N};QSIz$FsQzgiIqxub$NAML-qQdn$`Y{#3+H4?8&~3hS5{K^I*FoMYlIm@YA!$RJNFl+zmbd4XhGYAqQG"
    "B#m9Wj7y^RP)$NWnpt;KhK07Ch5DzgnohR|gVHn^HA-zQw&V2{<w4@)Z_1ffb@w6E-G6?*JwN|^z4}5t28kyeCb~C5"
    "bA?{`11d1X?8{OUSUDKiV)!*tck|*SBN8!i48hqg<($suNoJV9U>%+}+yXu7@w-Jp*qqa2)ZN$LUb@cZknW(9@#7|S"
    "x62;AvVi)W)9L)UoYVMr{OwQ<lv2*{FXzDV4wSNli`eCH5s=N{B6L_>lmRZrHqydX2653&o%R3`9$1Opufdo}WJ!qX"
    "oDfB03ASNK7YBdCS<#!Nbn9<d80OzE#iK`GLWtX;Z);Nyn9TBMPxfa;ca*LX8#izNEr0U{zB0*~*E0G57bz%UYjnqQ"
    "wlRiSgfH|+rN?$I>3vKrR%V1jOoWCD*Kp4dv!vXTYz@I+o5TVRKp;}cQD(ilB83-(6aQe`v{Uyl=j3`XHcD@Vl;)z_"
    "aQC4vjwlj+%8?&iOb4mAESv{>V$$U%Ij)9O){x2*3aMPmF)2q~5!XXEJg2!(D%~LXO?eY$lQUr!FUH$9sEo=Z!!<?-"
    "fSkWWvic)Tm`l_VScInU1hJHcV3)~iq6)wTSg?-3+>lCcn>-RmyVi#xm8Yn6YIloQo?%N;Dzzo;B+)8WkZ8U5kOac2"
    "48+?-#IoULq}FMfsK!YlWM20+v+|!8n5Ii>!66wDugnTs(cYOz=H|ER;ZZ$2s)tAQ@TeXh)x+cTJUlqauPo$0h~()X"
    "Px=83EFBu?c+oB0H<*ovUlDX145*;?i1d3CMVB&8<OJEy;)~s_A-`MG1=(4`WO=1jPV#laBu<P$G(rLtj}b9O$i~&f"
    "V;@z;$FcaBjinpvo;34w7;L|TSByTu#aUIwnXe9rt@IhiGv!2fpLw_Nw<E{K(@Z1&?+bDDlgkapczA@QI_KdLE!^C@"
    "wtLBpyLL{FIgp3PPUO+uN%OhE9M(n<)3=*iOs5vpsl{|^F`ZgWrxw$x#dK;homxz1Mlqdb9BOJYomx!i7bvE4+85)a"
    "rf_?yo$z`|vnLs$Ei2retiEb7ohC0EB^Q1+w`on9U5n|QKrx+VJUm9Yh%<+znUPJnP`RWQ)A>1y>C{lS6VB|$Lq46j"
    ";=EjB2gYh_hpUuoY;vgE^yrmwbEZ(YZdRyUcT}NnBQm>Xz^S2bxmc5>JR4?RUngP3z}yvPS(EXr-y<{{Mxap~F*zx;"
    "XGlVO94>OEyQEOXX@|PuSHA%^nXei!VCv+k;5P{WI@oyKu_3KK)GZ2|;-*fYc`;w)r=F}nHzfW}@1{-7*9(hShCJr?"
    "(+x@1NHQ@QGeg}*?1(?dW-jovDne_hTdf{=%sF62SRWUz9+>8UnNmG)iBPvAuO66yc#_ov*(jc>2(8rvYxTfdJ@6;5"
    "9yr%dlt9unOB=rCRuBC9u77`r5Z*0RJ+P@&#p}JGrocE<3XEA{MvKs#MDy{bn8jbYEdJ9|U@TEp{7|}{5h*YxRTY=="
    "IPL`_QeY(8gnjj1P#q)=>L5|Z?>#$6Y)wSmCx_%c$xidiE%QQHQ||@Gc`x9c-Wmpy=A^5N=RH1}*;U00rPtrr6iY{*"
    "VyQir6ibH)`&53R<FL<V_)9qqTKNs4O|rW*B1}7t&SlbL(T~^i$bL-+Jh7Yu-c0A{eURg2_{)d@gt`2MbAv4Mf_?B8"
    ")}ht>?SC3KwSf"
)
